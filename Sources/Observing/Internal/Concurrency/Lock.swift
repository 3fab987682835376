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
///
/// With `OBSERVING_INTERNAL_CHECKS` the lock also remembers its owning thread, so that
/// `assertOwned()` can check the callers of assume-locked accessors.
@usableFromInline
final class Lock: @unchecked Sendable {
    // Sendable: the mutex is only used through the pthread calls, which are thread-safe.
    @usableFromInline let mutex: UnsafeMutablePointer<pthread_mutex_t>
    #if OBSERVING_INTERNAL_CHECKS
        /// The thread holding the mutex; written only by that thread while it holds it.
        @usableFromInline var owner: pthread_t?
    #endif

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
        #if OBSERVING_INTERNAL_CHECKS
            owner = pthread_self()
        #endif
    }

    @inlinable
    func unlock() {
        #if OBSERVING_INTERNAL_CHECKS
            assertOwned()
            owner = nil
        #endif
        pthread_mutex_unlock(mutex)
    }

    /// Runs `body` while holding the lock.
    ///
    /// `body` must not call user code. Inlinable, so that it is specialized for `Result`
    /// instead of passing generic metadata on every call.
    @inlinable
    @inline(__always)
    func withLock<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock()
        defer { unlock() }
        return try body()
    }

    /// Traps, in the internal-checks build, unless the calling thread holds the lock; does
    /// nothing otherwise.
    @inlinable
    func assertOwned(file: StaticString = #fileID, line: UInt = #line) {
        #if OBSERVING_INTERNAL_CHECKS
            guard let owner, pthread_equal(owner, pthread_self()) != 0 else {
                preconditionFailure("lock not held by the calling thread", file: file, line: line)
            }
        #endif
    }
}
