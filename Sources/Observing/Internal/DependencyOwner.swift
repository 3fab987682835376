/// Receives the changes of the storages a derived observation depends on.
@usableFromInline
protocol DependencyOwner: RegistrationOwner {
    func dependencyWillChange()
    func dependencyDidChange()
}
