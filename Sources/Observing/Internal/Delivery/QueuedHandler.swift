/// A handler that runs on a dispatch queue and stops when its registration ends.
///
/// A change is dispatched with this box, not with the handler itself: when the registration
/// ends, calls still waiting on the queue find it ended and do nothing. Each call checks the
/// registration's entry first, which is deactivated when the registration ends (a derived
/// observation deactivates the entry it was made from), so that a call a notification still
/// in flight enqueued before `invalidate()` is dropped too: that notification's snapshot
/// keeps the entry, and so this box's handler, alive until it ends. Once the registration's
/// callback is released, `end()` releases the handler too.
///
/// A call that already passed the check (running on the queue while another thread
/// invalidates) finishes; invalidating on the queue itself stops every later call. For a
/// handler isolated to an actor the queue does not run on, the call is made on that actor,
/// after the queue (`ActorHop`): the same holds there.
@usableFromInline
final class QueuedHandler<Argument>: @unchecked Sendable {
    // Sendable: `handler` is guarded by `lock`; `entry` is written once, by `stops(with:)`,
    // before the entry is registered; arguments cross only to the queue the caller chose.
    @usableFromInline let lock = Lock()
    /// Guarded by `lock`; `nil` once the registration has ended.
    @usableFromInline var handler: ((Argument) -> Void)?
    /// The entry whose deactivation ends the registration.
    ///
    /// Held weakly, as the entry holds this box through its callback; the registration has
    /// ended once it is `nil` too.
    @usableFromInline weak var entry: EntryBase?

    @inlinable
    init(_ handler: @escaping (Argument) -> Void) {
        self.handler = handler
    }

    /// Ties the calls to `entry`, so that they stop once it is deactivated.
    ///
    /// Called once, before the entry is registered.
    @usableFromInline
    func stops(with entry: EntryBase) {
        self.entry = entry
    }

    /// Calls the handler, unless the registration has ended; runs on the queue, or on the
    /// handler's actor after it.
    @inlinable
    func call(_ argument: Argument) {
        // The entry is read outside the lock: releasing it may end the registration, which
        // takes the lock.
        guard entry?.isActive == true else { return }
        lock.lock()
        let handler = self.handler
        lock.unlock()
        handler?(argument)
    }

    /// Drops the handler; it is released here, outside the lock.
    @usableFromInline
    func end() {
        let released = lock.withLock {
            defer { handler = nil }
            return handler
        }
        withExtendedLifetime(released) {}
    }
}

/// Ends a `QueuedHandler` when the registration's callback, its only owner, is released.
@usableFromInline
final class QueuedHandlerLifetime<Argument>: Sendable {
    @usableFromInline let queued: QueuedHandler<Argument>

    @inlinable
    init(_ queued: QueuedHandler<Argument>) {
        self.queued = queued
    }

    deinit {
        queued.end()
    }
}
