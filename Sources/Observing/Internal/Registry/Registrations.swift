import Synchronization

/// A registry's registration list under its lock, with what the delivery loops over copies of
/// it publish: the innermost loop's frame and its thread (`DeliveryFrame`).
///
/// Tokens hold this, not the registry (see `RegistryCore.registrations`), so a token's removal
/// finds the loops through it.
@usableFromInline
final class Registrations: LockedState<RegistrationList>, @unchecked Sendable {
    // Sendable: the list is under the lock (`LockedState`); `deliveringThread` is atomic, and
    // `innermostFrame` is touched by one delivering thread at a time (below).

    /// The thread running the innermost delivery loop over a copy of the list, or 0.
    ///
    /// Set by the loop as it starts and given back to the outer loop's as it ends. A relaxed
    /// atomic: a thread acts on it only when it reads its own identity, which only it writes.
    @usableFromInline let deliveringThread = Atomic<UInt>(0)

    /// The innermost loop's frame, on its thread's stack.
    ///
    /// Read and written by a thread that starts or ends a loop over the list, one at a time:
    /// the property's one isolation domain (`@Observed`) or the machine under the lock
    /// (`ObservableProperty`) lets one thread deliver, and a thread that starts a loop inside a
    /// waiting one (a queue's `sync` from a handler) is ordered after it by that hand-off.
    /// `takeOut` reads it only on the thread that `deliveringThread` names.
    @exclusivity(unchecked) @usableFromInline var innermostFrame: UnsafeMutablePointer<DeliveryFrame>?
}
