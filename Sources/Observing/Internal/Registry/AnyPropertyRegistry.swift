/// The untyped face of a `PropertyRegistry`, used by derived observations and by look-ups
/// that only know a key path.
@usableFromInline
protocol AnyPropertyRegistry: AnyObject, Sendable {
    /// Adds an entry that reports "will change" (when `wantsPrior`) and "did change" to `owner`.
    func addDependency(
        owner: any DependencyOwner, wantsPrior: Bool, identity: ObserverIdentity?, anchor: AnyObject?
    ) -> any Registration

    /// Whether `keyPath` names this storage itself (it equals `wrappedKeyPath`, the key path
    /// the property wrapper reported), not a computed property that reads it.
    func isNamed(by keyPath: AnyKeyPath, wrappedKeyPath: AnyKeyPath) -> Bool

    /// Adds `entry` if `keyPath` names this storage itself (as `isNamed(by:wrappedKeyPath:)`),
    /// with one lock round trip for the check and the addition.
    ///
    /// - Returns: The registrations the entry joined, or `nil` if it was not added.
    func add(_ entry: EntryBase, ifNamedBy keyPath: AnyKeyPath, wrappedKeyPath: AnyKeyPath)
        -> LockedState<RegistrationList>?

    /// The live entries' registration identities.
    func liveRegistrationIDs() -> [ObjectIdentifier]

    /// Removes the most recent live registration of `observer`, made on `root`, whose identity
    /// matches.
    ///
    /// Returns `false` when there is none.
    func removeLastEntry(
        observer: ObjectIdentifier, root: ObjectIdentifier, keyPath: AnyKeyPath, storageKeyPath: AnyKeyPath?,
        context: ObservationContext?
    ) -> Bool

    /// The derived observations of `keyPath` on `root` that depend on this storage.
    func dependents(observing root: ObjectIdentifier, keyPath: AnyKeyPath) -> [any DependencyOwner]

    /// Removes every live registration `observer` made on `root`; see `RegistryCore`.
    func removeEntries(ofObserver observer: ObjectIdentifier, root: ObjectIdentifier)
        -> (removed: Set<ObjectIdentifier>, owners: [any RegistrationOwner])

    /// The key path of the property (for an `@Observed` one, rooted at its declaring class).
    var wrappedKeyPath: AnyKeyPath { get }

    /// The live entries, in list order; see `RegistryCore`.
    func liveEntries() -> [EntryBase]

    /// Adds an entry that hands each change to a whole-object observation.
    func addWholeObjectEntry(owner: WholeObjectObservation) -> RegistryEntryHandle
}
