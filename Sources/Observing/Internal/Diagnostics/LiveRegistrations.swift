import Synchronization

/// The process-wide count of live registrations behind
/// `ObservationSnapshot.liveRegistrationCount`; kept by debug builds only.
///
/// An entry counts from its initializer to its `deinit` (so a registration counts until the
/// handler it holds is released), except the dependency entries of an owner: a derived
/// observation counts through the entry it was made with, and a whole-object observation
/// counts itself. Relaxed atomic increments: the figure is for tests and debugging, and
/// orders nothing.
@usableFromInline
enum LiveRegistrations {
    @usableFromInline static let count = Atomic<Int>(0)

    /// A registration began.
    @usableFromInline
    static func began() {
        count.add(1, ordering: .relaxed)
    }

    /// A registration's record was deallocated.
    @usableFromInline
    static func ended() {
        count.subtract(1, ordering: .relaxed)
    }
}
