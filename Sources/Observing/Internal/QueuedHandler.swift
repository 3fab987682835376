/// A handler that runs on a dispatch queue and stops when its registration ends.
///
/// A change is dispatched with this box, not with the handler itself: when the registration
/// ends, `end()` releases the handler at once, and calls still waiting on the queue find it
/// gone and do nothing. A call that already took the handler (running on the queue while
/// another thread invalidates) finishes; invalidating on the queue itself stops every later
/// call.
@usableFromInline
final class QueuedHandler<Argument>: @unchecked Sendable {
    // Sendable: `handler` is guarded by `lock`; arguments cross only to the queue the caller chose.
    @usableFromInline let lock = Lock()
    /// Guarded by `lock`; `nil` once the registration has ended.
    @usableFromInline var handler: ((Argument) -> Void)?

    @inlinable
    init(_ handler: @escaping (Argument) -> Void) {
        self.handler = handler
    }

    /// Calls the handler, unless the registration has ended; runs on the queue.
    @inlinable
    func call(_ argument: Argument) {
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
final class QueuedHandlerLifetime<Argument>: @unchecked Sendable {
    // Sendable: immutable; it only holds a `QueuedHandler`, which is.
    @usableFromInline let queued: QueuedHandler<Argument>

    @inlinable
    init(_ queued: QueuedHandler<Argument>) {
        self.queued = queued
    }

    deinit {
        queued.end()
    }
}
