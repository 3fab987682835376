/// A strategy measured on the generic workloads W1-W5: a subject holding an `Int` and its
/// observers, each of which adds the delivered value to `Sink`.
///
/// Implementations run their loops themselves, so that every set is specialized and inlined
/// as a user's code would be; the harness only calls them once per repetition.
@MainActor
protocol ObservedSubject: AnyObject, Sendable {
    /// The row this subject fills.
    static var strategy: Strategy { get }
    /// Workloads this strategy cannot express, with the reason.
    static var notApplicable: [Workload: String] { get }

    /// Creates the subject with no observers.
    init()
    /// Creates whatever `count` observers need before registering (observer objects, and
    /// room to keep tokens); W5 does not count it.
    func prepare(observers count: Int)
    /// Registers the prepared observers.
    func attach() async
    /// Sets the value `count` times, to `start`, `start + 1`, ...; when `opaqueCall` (W3),
    /// each set is followed by `Opaque.use(_:)` with the new value.
    func set(_ count: Int, from start: Int, opaqueCall: Bool) async
    /// Registers one more observer and cancels it again, `count` times.
    func observeAndCancel(_ count: Int) async
    /// Ends and awaits whatever the subject left running (consumer tasks).
    func finish() async
}

extension ObservedSubject {
    static var notApplicable: [Workload: String] { [:] }

    func finish() async {}

    /// The cells of W1-W5 for this strategy.
    static func cases() -> [BenchCase] {
        let generic: [Workload] = [
            .oneObserver, .hundredObservers, .noObservers, .churnAmongFew, .churnAmongMany,
            .bytesPerObserver,
        ]
        return generic.map { workload in
            BenchCase(strategy: strategy, workload: workload, plan: plan(for: workload))
        }
    }

    private static func plan(for workload: Workload) -> Plan {
        if let reason = notApplicable[workload] { return .notApplicable(reason) }
        let attached = workload.attachedObservers
        switch workload {
        case .bytesPerObserver:
            return .heap { @MainActor count in
                let subject = Self()
                subject.prepare(observers: count)
                return HeapTrial(attach: { @MainActor in await subject.attach() }, finish: subject.finish)
            }
        case .churnAmongFew, .churnAmongMany:
            return .timed(deliveriesPerOperation: 1) { @MainActor in
                let subject = await attachedSubject(observers: attached)
                return TimedRun(
                    run: { @MainActor count in await subject.observeAndCancel(count) }, finish: subject.finish
                )
            }
        default:
            let opaqueCall = workload == .noObservers
            return .timed(deliveriesPerOperation: max(1, attached)) { @MainActor in
                let subject = await attachedSubject(observers: attached)
                var next = 1  // distinct from the initial value 0
                return TimedRun(
                    run: { @MainActor count in
                        await subject.set(count, from: next, opaqueCall: opaqueCall)
                        next += count
                    }, finish: subject.finish)
            }
        }
    }

    private static func attachedSubject(observers count: Int) async -> Self {
        let subject = Self()
        subject.prepare(observers: count)
        await subject.attach()
        return subject
    }
}
