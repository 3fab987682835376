import Synchronization

/// The internal-checks build's check of state that belongs to one isolation domain and opts
/// out of dynamic exclusivity checks (a registry's delivery machine): each access records its
/// thread, and an access from a second thread while the first is inside traps.
///
/// As `Lock.owner` checks the callers of assume-locked accessors, this checks the convention
/// that the object's isolation domain touches the state one access at a time. It catches the
/// overlaps that happen while it watches, as ThreadSanitizer does; sets from different threads
/// at different times (a serial queue that changes threads) are allowed. Only the checks build
/// stores one.
@usableFromInline
final class DomainStamp: Sendable {
    /// The thread inside an access, or 0.
    private let thread = Atomic<UInt>(0)

    @usableFromInline
    init() {}

    /// Marks the calling thread inside an access; traps if another thread is.
    ///
    /// - Parameter keyPath: The storage key path of the property the state belongs to, for the
    ///   trap's message.
    /// - Returns: Whether this call entered (`false` for a nested access on the same thread,
    ///   whose `leave` must not clear the mark).
    @usableFromInline
    func enter(_ keyPath: AnyKeyPath) -> Bool {
        let me = ThreadIdentity.current
        let (exchanged, inside) = thread.compareExchange(expected: 0, desired: me, ordering: .acquiring)
        if exchanged { return true }
        precondition(
            inside == me,
            "the delivery state of \(KeyPathNaming.property(ofStorage: keyPath)) was entered from two threads at once"
        )
        return false
    }

    /// Ends an access that `enter` entered.
    @usableFromInline
    func leave(_ entered: Bool) {
        if entered { thread.store(0, ordering: .releasing) }
    }
}
