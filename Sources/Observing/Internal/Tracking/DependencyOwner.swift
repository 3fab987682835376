/// Receives the changes of the storages a derived observation depends on.
@usableFromInline
protocol DependencyOwner: RegistrationOwner {
    /// A storage the observation depends on is about to change; `isStored` says that the
    /// change is already stored (the prior call of a set made from a callback, which is stored
    /// at once and notified after the notification in flight), so that reading now would give
    /// the value after it.
    func dependencyWillChange(isStored: Bool)
    func dependencyDidChange()
    /// Whether this observes `keyPath` on the object `root`: a manual change of that key path
    /// notifies it.
    func observes(root: ObjectIdentifier, keyPath: AnyKeyPath) -> Bool
}
