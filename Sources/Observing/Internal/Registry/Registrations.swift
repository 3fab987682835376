import Synchronization

/// A registry's registration list under its lock, with what the delivery loops over copies of
/// it publish: the innermost loop's frame and its thread (`DeliveryFrame`).
///
/// Tokens hold this, not the registry (see `RegistryCore.registrations`), so a token's removal
/// finds the loops through it.
@usableFromInline
final class Registrations: LockedState<RegistrationList>, @unchecked Sendable {
    // Sendable: the list is under the lock (`LockedState`); `deliveringThread` is atomic, and
    // `innermostFrame` is touched only by the thread `deliveringThread` names (below).

    /// The thread running the innermost delivery loop over a copy of the list, or 0.
    ///
    /// Set by the loop as it starts and given back to the outer loop's as it ends. A relaxed
    /// atomic: a thread acts on it only when it reads its own identity, which only it writes.
    @usableFromInline let deliveringThread = Atomic<UInt>(0)

    /// The innermost loop's frame, on its thread's stack.
    ///
    /// Written before `deliveringThread` names that thread, and read only by the thread it
    /// names. An outer frame in its chain may be another thread's, one that waits, inside a
    /// handler, for the thread that runs the inner loop (a queue's `sync`), and so wrote it
    /// before.
    @exclusivity(unchecked) @usableFromInline var innermostFrame: UnsafeMutablePointer<DeliveryFrame>?
}
