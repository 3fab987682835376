/// What a registration made, and what an `ObservationToken` ends: one entry in one registry,
/// or a registration spread over several.
///
/// Not a `Registration` itself: dropping it ends nothing (an `addObserver` registration lives
/// without a token). `ObservationToken.init(_:)` makes the owning token.
@usableFromInline
enum Registered {
    /// One entry of one registry (the common case, with no object in between).
    case entry(OwnedEntry)
    /// A registration spread over several entries (a derived observation, a binding pair).
    case registration(any Registration)
}
