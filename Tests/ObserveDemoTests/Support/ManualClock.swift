import Synchronization

/// A clock whose time moves only when a test says so, to test timed code without waiting.
///
/// Its time starts at zero. `sleep(until:)` returns at once for a deadline already reached;
/// otherwise it suspends until ``advance(by:)`` reaches the deadline, or throws
/// `CancellationError` as soon as its task is cancelled. A test that must not advance time before
/// the code under test has gone to sleep waits with ``waitForSleepers(_:)``. Usable from any
/// thread; no continuation is resumed while the clock's lock is held.
final class ManualClock: Clock, Sendable {
    /// A point in the clock's time: how long after the clock's start.
    struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the clock's start.
        var offset: Swift.Duration

        func advanced(by duration: Swift.Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        func duration(to other: Instant) -> Swift.Duration {
            other.offset - offset
        }

        static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        var description: String { "\(offset)" }
    }

    /// A task suspended in `sleep(until:)`.
    private struct Sleeper {
        var id: Int
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    /// A test suspended in `waitForSleepers(_:)`.
    private struct Waiter {
        var count: Int
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var nextID = 0
        var sleepers: [Sleeper] = []
        /// Sleeps whose task was cancelled while they were not registered (not yet, or no longer):
        /// one not yet registered ends at registration.
        var cancelledEarly: Set<Int> = []
        var waiters: [Waiter] = []

        /// Removes and returns the waiters that the sleepers now waiting satisfy.
        mutating func takeSatisfiedWaiters() -> [Waiter] {
            let count = sleepers.count
            defer { waiters.removeAll { $0.count <= count } }
            return waiters.filter { $0.count <= count }
        }
    }

    private let state = Mutex(State())

    var now: Instant { state.withLock { $0.now } }

    var minimumResolution: Swift.Duration { .nanoseconds(1) }

    /// The deadlines of the sleeping tasks, earliest first.
    var deadlines: [Instant] { state.withLock { $0.sleepers.map(\.deadline).sorted() } }

    func sleep(until deadline: Instant, tolerance: Swift.Duration? = nil) async throws {
        let id = state.withLock { state in
            defer { state.nextID += 1 }
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                register(Sleeper(id: id, deadline: deadline, continuation: continuation))
            }
        } onCancel: {
            cancel(id)
        }
    }

    /// Puts a sleeper to sleep, or wakes it at once when its deadline has passed or its task was
    /// cancelled already.
    private func register(_ sleeper: Sleeper) {
        enum Registration {
            case cancelled, due
            case sleeping(satisfied: [Waiter])
        }
        let registration = state.withLock { state -> Registration in
            if state.cancelledEarly.remove(sleeper.id) != nil { return .cancelled }
            if sleeper.deadline <= state.now { return .due }
            state.sleepers.append(sleeper)
            return .sleeping(satisfied: state.takeSatisfiedWaiters())
        }
        switch registration {
        case .cancelled: sleeper.continuation.resume(throwing: CancellationError())
        case .due: sleeper.continuation.resume()
        case .sleeping(let satisfied): for waiter in satisfied { waiter.continuation.resume() }
        }
    }

    /// Wakes a cancelled sleeper with `CancellationError`, or, when it is not registered yet,
    /// makes it end at registration.
    private func cancel(_ id: Int) {
        let sleeper = state.withLock { state -> Sleeper? in
            guard let index = state.sleepers.firstIndex(where: { $0.id == id }) else {
                state.cancelledEarly.insert(id)
                return nil
            }
            return state.sleepers.remove(at: index)
        }
        sleeper?.continuation.resume(throwing: CancellationError())
    }

    /// Moves the time forward and wakes, earliest deadline first, the tasks whose deadline it
    /// reaches.
    ///
    /// A woken task runs when its executor next takes work, not during this call.
    ///
    /// - Parameter duration: How far to move; not negative.
    func advance(by duration: Swift.Duration) {
        precondition(duration >= .zero, "time only moves forward")
        let woken = state.withLock { state in
            state.now = state.now.advanced(by: duration)
            let now = state.now
            let due = state.sleepers.filter { $0.deadline <= now }
            state.sleepers.removeAll { $0.deadline <= now }
            return due.sorted { $0.deadline < $1.deadline }
        }
        for sleeper in woken { sleeper.continuation.resume() }
    }

    /// Waits until at least `count` tasks are sleeping on the clock.
    ///
    /// - Parameter count: The number of sleeping tasks to wait for.
    func waitForSleepers(_ count: Int) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let isSatisfied = state.withLock { state in
                guard state.sleepers.count < count else { return true }
                state.waiters.append(Waiter(count: count, continuation: continuation))
                return false
            }
            if isSatisfied { continuation.resume() }
        }
    }
}
