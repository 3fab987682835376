/// Something a registry entry belongs to and that can end it: a derived observation spread
/// over several registries, or a token.
@usableFromInline
protocol RegistrationOwner: AnyObject, Sendable {
    /// Ends the registration everywhere. Idempotent: returns `true` only for the call that
    /// ended it, so that two concurrent removals never both report success.
    func endRegistration() -> Bool
    /// Called when a registry holding one of the owner's entries is deallocated.
    func registryDidEnd()
    /// Whether the observed object is still alive; once it is gone the owner's entries are
    /// neither counted nor called.
    var isAlive: Bool { get }
    /// The observer identity `removeObserver` matches, for the owner's entries, which do not
    /// store it; `nil` but for an observer's registration.
    var identity: ObserverIdentity? { get }
}
