/// A value reachable only while its lock is held, in the manner of swift-nio's
/// `NIOLockedValueBox` and the standard library's `_ManagedCriticalState`.
///
/// Several boxes may share one `Lock` (`ObservableProperty` keeps its value and its
/// registrations under one lock); `withLockAssumed` then reaches a second box while the
/// first one's `withLock` holds the shared lock. Not final, so that a registry's list can keep
/// what its delivery loops publish beside it (`Registrations`); every member is final.
@usableFromInline
class LockedState<State>: @unchecked Sendable {
    // Sendable: `unsafeState` is only touched through `withLock` / `withLockAssumed`, that
    // is, with `lock` held.
    @usableFromInline final let lock: Lock
    /// The state; never touched directly, only through the accessors below.
    ///
    /// The lock ensures exclusivity,
    /// so the dynamic exclusivity checks (a runtime call per access) are off.
    @exclusivity(unchecked) @usableFromInline final var unsafeState: State

    @usableFromInline
    init(_ state: State, lock: Lock = Lock()) {
        self.lock = lock
        self.unsafeState = state
    }

    /// Runs `body` on the state with the lock held.
    ///
    /// `body` must not call user code (a handler, a `deinit` it may trigger by releasing).
    @inlinable
    @inline(__always)
    final func withLock<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&unsafeState)
    }

    /// Runs `body` on the state when the caller already holds the lock.
    ///
    /// For hot paths that lock once and do several things; the internal-checks build asserts
    /// that the lock is held.
    @inlinable
    @inline(__always)
    final func withLockAssumed<Result>(_ body: (inout State) throws -> Result) rethrows -> Result {
        lock.assertOwned()
        return try body(&unsafeState)
    }
}
