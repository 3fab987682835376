#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A small mutual-exclusion lock over `pthread_mutex_t`.
///
/// On Linux `Synchronization.Mutex` sleeps on a futex that ThreadSanitizer cannot see, so it
/// reports false races on the data such a mutex protects. A pthread mutex is understood by
/// TSan, which keeps the concurrency tests meaningful. The mutex lives in its own allocation
/// so that its address never moves (the approach of swift-nio's `NIOLock`).
@usableFromInline
final class Lock: @unchecked Sendable {
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>

    @usableFromInline
    init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        let status = pthread_mutex_init(mutex, nil)
        precondition(status == 0, "pthread_mutex_init failed: \(status)")
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    @inlinable
    func lock() {
        pthread_mutex_lock(mutex)
    }

    @inlinable
    func unlock() {
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` while holding the lock.
    ///
    /// `body` must not call user code. Inlinable, so that it is specialized for `Result`
    /// instead of passing generic metadata on every call.
    @inlinable
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body()
    }
}
