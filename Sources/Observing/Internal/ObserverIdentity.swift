/// Identifies an observer-protocol registration for `removeObserver(_:forKeyPath:context:)`,
/// which matches observer, key path and context exactly, as KVO does.
@usableFromInline
struct ObserverIdentity: @unchecked Sendable {
    let observer: ObjectIdentifier
    let keyPath: AnyKeyPath
    /// The `@Observed` storage key path the registration's key path reads directly, if it reads
    /// exactly one on the observed object itself; lets `\Sub.title` match `\Base.title`.
    let storageKeyPath: AnyKeyPath?
    let context: ObservationContext?

    /// Whether a removal with `other` (which reads `otherStorage`) and `context` names this
    /// registration.
    ///
    /// Equal key paths match. Beyond that, only the same property named from two classes of a
    /// hierarchy matches: both read the same single storage, their root types differ, and one of
    /// them is the storage's own key path (so `\Sub.title` matches `\Base.title`, while a
    /// computed `\.displayName` that returns `name` never matches `\.name`).
    func matches(
        keyPath other: AnyKeyPath, storageKeyPath otherStorage: AnyKeyPath?, context: ObservationContext?
    ) -> Bool {
        guard self.context == context else { return false }
        if keyPath == other { return true }
        guard let storageKeyPath, let otherStorage, storageKeyPath == otherStorage,
            type(of: keyPath).rootType != type(of: other).rootType
        else { return false }
        return keyPath == storageKeyPath || other == otherStorage
    }
}

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
}
