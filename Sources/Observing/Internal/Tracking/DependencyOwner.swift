/// Receives the changes of the storages a derived observation depends on.
@usableFromInline
protocol DependencyOwner: RegistrationOwner {
    /// A storage the observation depends on is about to change; `isStored` says that the
    /// change is already stored (the prior call of a set made from a callback, which is stored
    /// at once and notified after the notification in flight), so that reading now would give
    /// the value after it. `registry` names the registry whose change this is: its
    /// `dependencyDidChange(from:)` closes this change, and no other.
    func dependencyWillChange(isStored: Bool, from registry: ObjectIdentifier)
    /// A change of `registry` that the observation depends on is stored and notified.
    func dependencyDidChange(from registry: ObjectIdentifier)
    /// Whether this observes `keyPath` on the object `root`: a manual change of that key path
    /// notifies it.
    func observes(root: ObjectIdentifier, keyPath: AnyKeyPath) -> Bool
}

/// What a derived observation's dependency entry is told before its storage changes.
@usableFromInline
enum DependencyPriorCalls: Sendable {
    /// Nothing: the registration reports no old value.
    case none
    /// A prior call in which the observation only reads its value before the change (the
    /// registration asks for `.old`, not `.prior`): a mutation in place still runs, and sends
    /// it before the mutation begins.
    case readOnly
    /// A prior call that also runs the registration's `.prior` handler: a mutation of the
    /// storage then runs on a copy, as for a `.prior` observer of the property.
    case handler
}
