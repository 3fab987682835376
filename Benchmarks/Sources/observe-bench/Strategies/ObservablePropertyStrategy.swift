import Dispatch
import Observing

/// (d) `ObservableProperty`: the thread-safe stand-alone property, observed with closures.
@MainActor
final class ObservablePropertySubject: ObservedSubject {
    static let strategy = Strategy(id: "d", name: "ObservableProperty")

    private let property = ObservableProperty(0)
    private var tokens: [ObservationToken] = []
    private var pending = 0

    init() {}

    func prepare(observers count: Int) {
        pending = count
        tokens.reserveCapacity(count)
    }

    func attach() {
        for _ in 0..<pending {
            tokens.append(observe())
        }
    }

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {
        for newValue in start..<(start + count) {
            property.value = newValue
            if opaqueCall { Opaque.use(newValue) }
        }
    }

    func observeAndCancel(_ count: Int) {
        for _ in 0..<count {
            observe().invalidate()
        }
    }

    private func observe() -> ObservationToken {
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
                let token = property.observe(options: [.new]) { change in
                    Sink.add(change.newValue ?? 0)
                }
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
