import Dispatch
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs each body on a thread of its own, all at once, and returns when every one has finished.
///
/// Threads, not a pool: a body may wait for another to make progress, which a pool with fewer
/// workers than bodies could never schedule.
func runOnThreads(_ bodies: [@Sendable () -> Void]) {
    let group = DispatchGroup()
    for body in bodies {
        group.enter()
        Thread {
            body()
            group.leave()
        }.start()
    }
    group.wait()
}

/// Yields the processor until `condition` holds; for a thread that waits for another to reach
/// a point, without sleeping for a time.
func yield(until condition: () -> Bool) {
    while !condition() { sched_yield() }
}

/// How far a setting thread has got: the last value whose set has started, and the last whose
/// set has returned.
///
/// A thread that reads `started` right after an `invalidate()` returns learns a bound: a set of a
/// larger value began after the invalidation, so the invalidated observation must not receive
/// it. A thread that reads `completed` right before invalidating learns which values the
/// observation must have received.
final class SetProgress: Sendable {
    let started = Atomic<Int>(0)
    let completed = Atomic<Int>(0)

    /// Sets `value` through `set`, publishing its start and its end.
    func set(_ value: Int, _ set: () -> Void) {
        started.store(value, ordering: .sequentiallyConsistent)
        set()
        completed.store(value, ordering: .sequentiallyConsistent)
    }

    /// Waits until the set of `value` has started.
    func waitUntilStarted(_ value: Int) {
        yield { started.load(ordering: .sequentiallyConsistent) >= value }
    }

    /// Reads `completed` now, then runs `end`, then reads `started`: the bounds of what the
    /// observation `end` ends may receive.
    func bounds(around end: () -> Void) -> ClosedRange<Int> {
        let low = completed.load(ordering: .sequentiallyConsistent)
        end()
        let high = started.load(ordering: .sequentiallyConsistent)
        return low...max(low, high)
    }
}

/// Holds values for the one thread that uses them during a stress test, and for the test's
/// thread after that thread has finished.
///
/// `@unchecked Sendable`: each box is used by one thread at a time; `runOnThreads` orders the
/// hand-overs (thread start, thread end).
final class ThreadOwned<Value>: @unchecked Sendable {
    var value: Value

    init(_ value: Value) {
        self.value = value
    }
}
