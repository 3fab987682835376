import Dispatch
import Observing

/// (d) `ObservableProperty`: the thread-safe stand-alone property, observed with closures.
@MainActor
final class ObservablePropertySubject: TokenHoldingSubject {
    static let strategy = Strategy(id: "d", name: "ObservableProperty")

    private let property = ObservableProperty(0)
    var tokens: [ObservationToken] = []
    var pending = 0

    init() {}

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {
        for newValue in start..<(start + count) {
            property.value = newValue
            if opaqueCall { Opaque.use(newValue) }
        }
    }

    func register() -> ObservationToken {
        Self.register(on: property)
    }

    func cancel(_ token: ObservationToken) {
        token.invalidate()
    }

    /// Registers from a nonisolated context, as a user who sets from any thread does: the
    /// handler is a plain `@Sendable` closure, called with no isolation check (a closure
    /// written in this main-actor class would be isolated to the main actor and checked).
    private nonisolated static func register(on property: ObservableProperty<Int>) -> ObservationToken {
        property.observe(options: [.new]) { change in
            Sink.add(change.newValue ?? 0)
        }
    }

    /// W7: two threads set the property at once, one observer; every set is delivered once
    /// (serialized by the property), so the figure is time per notification.
    static func twoThreadsCase() -> BenchCase {
        BenchCase(
            strategy: strategy, workload: .twoThreadsSetting,
            plan: .timed(deliveriesPerOperation: 1) { @MainActor in
                let property = ObservableProperty(0)
                let token = register(on: property)
                return TimedRun(run: { @MainActor count in
                    withExtendedLifetime(token) {
                        DispatchQueue.concurrentPerform(iterations: 2) { thread in
                            for newValue in stride(from: thread, to: count, by: 2) {
                                property.value = newValue
                            }
                        }
                    }
                })
            })
    }
}
