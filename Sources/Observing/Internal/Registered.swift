/// What a registration made: one entry in one registry, or a registration spread over several.
///
/// Not a `Registration` itself: dropping it ends nothing (an `addObserver` registration lives
/// without a token). `ObservationToken.init(_:)` makes the owning token.
@usableFromInline
enum Registered {
    case entry(LockedState<RegistrationList>, EntryBase)
    case registration(any Registration)
}
