/// What a registration made: one entry in one registry, or a registration spread over several.
///
/// Not a `Registration` itself: dropping it ends nothing (an `addObserver` registration lives
/// without a token). `ObservationToken.init(_:)` makes the owning token.
@usableFromInline
enum Registered {
    /// The entry is listed in `registrations`, which keeps it alive until its token removes it.
    case entry(LockedState<RegistrationList>, Unmanaged<EntryBase>)
    case registration(any Registration)
}
