/// Receives the changes of the storages a derived observation depends on.
@usableFromInline
protocol DependencyOwner: RegistrationOwner {
    func dependencyWillChange()
    func dependencyDidChange()
    /// Whether this observes `keyPath` on the object `root`: a manual change of that key path
    /// notifies it.
    func observes(root: ObjectIdentifier, keyPath: AnyKeyPath) -> Bool
}
