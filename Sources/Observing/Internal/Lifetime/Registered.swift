/// What a registration made, and what an `ObservationToken` ends: one entry in one registry,
/// or a registration spread over several.
///
/// Not a `Registration` itself: dropping it ends nothing (an `addObserver` registration lives
/// without a token). `ObservationToken.init(_:)` makes the owning token.
@usableFromInline
enum Registered {
    /// One entry of one registry (the common case, with no object in between): the registry's
    /// list, held strongly, and the entry, unretained.
    ///
    /// The list outlives its registry as an empty, closed list, so holding it keeps nothing of
    /// the registry alive. Unsafe: the entry is dereferenced only under the list's lock, while
    /// the list is open and the token has not taken it out (`RegistrationList.removeOwnedEntry`):
    /// a token-owned entry leaves its list only through its token or when the registry closes
    /// the list, so until then the list keeps it alive (the internal-checks build finds the
    /// entry in the list before each dereference).
    case entry(Registrations, Unmanaged<EntryBase>)
    /// A registration spread over several entries (a derived observation, a binding pair).
    case registration(any Registration)
}
