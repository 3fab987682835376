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

    func matches(
        keyPath other: AnyKeyPath, storageKeyPath otherStorage: AnyKeyPath?, context: ObservationContext?
    )
        -> Bool
    {
        guard self.context == context else { return false }
        if keyPath == other { return true }
        guard let storageKeyPath, let otherStorage else { return false }
        return storageKeyPath == otherStorage
    }
}

/// Something a registry entry belongs to and that can end it: a derived observation spread
/// over several registries, or a token.
@usableFromInline
protocol RegistrationOwner: AnyObject, Sendable {
    /// Ends the registration everywhere. Idempotent.
    func invalidate()
    /// Called when a registry holding one of the owner's entries is deallocated.
    func registryDidEnd()
}
