import Dispatch
import Foundation

/// W7's floor, in row a: a value and an array of closures behind a lock, set from two
/// threads; the lock serializes the notifications as `ObservableProperty` does.
enum FloorTwoThreads {
    static func twoThreadsCase() -> BenchCase {
        BenchCase(
            strategy: FloorSubject.strategy, workload: .twoThreadsSetting,
            plan: .timed(deliveriesPerOperation: 1) { @MainActor in
                let subject = LockedSubject()
                return TimedRun(run: { @MainActor count in
                    DispatchQueue.concurrentPerform(iterations: 2) { thread in
                        for newValue in stride(from: thread, to: count, by: 2) {
                            subject.set(newValue)
                        }
                    }
                })
            })
    }
}

/// The floor's subject for W7.
// @unchecked Sendable: its only mutable state, `value`, is read and written under `lock`.
private final class LockedSubject: @unchecked Sendable {
    private let lock = NSLock()
    // Guarded by `lock`, so the runtime's exclusivity check would only add cost.
    @exclusivity(unchecked) private var value = 0
    private let handlers: [(Int) -> Void] = [{ Sink.add($0) }]

    func set(_ newValue: Int) {
        lock.lock()
        value = newValue
        for handler in handlers {
            handler(newValue)
        }
        lock.unlock()
    }
}
