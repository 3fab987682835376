/// The registrations of one `@Observed` property of one object: the part that does not depend
/// on the value type (see `PropertyRegistry` for delivery).
///
/// Registrations may be added and removed from any thread; the list is reachable only
/// through `registrations`, a `LockedState`. Notification copies the entry list under the
/// lock (a retain, no allocation) and calls out with the lock released, so callbacks may add
/// and remove registrations freely.
@usableFromInline
class RegistryCore: @unchecked Sendable {
    // Sendable: the only mutable state is `registrations`, reachable only under its lock.

    /// The registration list under its lock.
    ///
    /// Tokens hold the list, not the registry, so that the registry itself carries no weak
    /// reference (a weakly referenced object pays the runtime's slow reference counting on
    /// every retain, and the registry is retained on every notified set).
    @usableFromInline let registrations: Registrations

    /// The key path of the `@Observed` storage that owns this registry (`\Root._name`), and of
    /// its property (`\Root.name`), both rooted at the class that declares the property.
    ///
    /// For mutations through the property, whose observed path runs out of line and reaches
    /// the storage through them, and for `MutableArrayValue`. A registry of a key path
    /// notified by hand has that key path as both; an `ObservableProperty`'s, its `value`.
    @usableFromInline let storageKeyPath: AnyKeyPath
    @usableFromInline let wrappedKeyPath: AnyKeyPath

    /// Whether this registry is an `@Observed` property's, kept in its storage, and so ends
    /// when its object deallocates; a registry of a key path notified by hand lives in the
    /// object's home (`ObjectHome`), which the process-wide table drops only later.
    var endsWithItsObject: Bool {
        type(of: storageKeyPath).valueType is any ObservedStorage.Type
    }

    @usableFromInline
    init(storageKeyPath: AnyKeyPath, wrappedKeyPath: AnyKeyPath, lock: Lock = Lock()) {
        self.storageKeyPath = storageKeyPath
        self.wrappedKeyPath = wrappedKeyPath
        registrations = Registrations(RegistrationList(), lock: lock)
    }

    /// Adds an entry that reports "will change" (as `priorCalls` says) and "did change" to
    /// `owner`.
    ///
    /// Overridden by `PropertyRegistry`, which makes an entry of its value type; derived
    /// observations depend only on `@Observed` storage and manual key paths, whose registries
    /// are all `PropertyRegistry`s.
    @usableFromInline
    func addDependency(owner: any DependencyOwner, priorCalls: DependencyPriorCalls)
        -> ObservationToken
    {
        preconditionFailure(
            "addDependency(owner:priorCalls:) of a RegistryCore that is not a PropertyRegistry")
    }

    /// Adds an entry that hands each change to a whole-object observation.
    ///
    /// Overridden by `PropertyRegistry`, as `addDependency`.
    @usableFromInline
    func addWholeObjectEntry(owner: WholeObjectObservation) -> ObservationToken {
        preconditionFailure("addWholeObjectEntry(owner:) of a RegistryCore that is not a PropertyRegistry")
    }

    /// Moves `entry` out of the notifications and the manual pair waiting in this registry's
    /// machine into `taken` (`DeliveryFrame.takeOut`); called under the lock, on the thread
    /// that delivers this registry.
    ///
    /// Overridden by `PropertyRegistry`, whose machine it is.
    func takeOutOfWaitingChanges(_ entry: EntryBase, into taken: inout [EntryBase]) {}

    deinit {
        let remaining = registrations.withLock { $0.close() }
        for entry in remaining {
            entry.deactivate()
            entry.owner?.registryDidEnd()
        }
    }

    /// Adds `entry` at the end of the list.
    ///
    /// - Complexity: O(1) amortized.
    @usableFromInline
    func add(_ entry: EntryBase) {
        registrations.withLock { $0.add(entry) }
    }

    /// Removes `entry` if present.
    ///
    /// - Complexity: O(1) amortized.
    @usableFromInline
    @discardableResult
    func remove(_ entry: EntryBase) -> Bool {
        entry.deactivate()
        let removed = registrations.withLock { $0.remove(entry) }
        // The entry, and the handler it holds, is released here, after unlocking.
        return removed != nil
    }

    /// Removes the entries whose anchor (an observer or binding target, not retained) is gone.
    ///
    /// Entries a token owns stay until the token removes them; they are no longer live, so
    /// nothing calls or counts them.
    @usableFromInline
    func pruneDeadEntries(_ snapshot: ContiguousArray<EntryBase?>) {
        for case let entry? in snapshot where !entry.isOwnedByToken && !entry.isLive {
            remove(entry)
        }
    }

    /// Adds `entry` if `keyPath` names this storage itself (it equals `wrappedKeyPath`, the key
    /// path the property wrapper reported, not a computed property that reads it), checking
    /// and adding under one lock.
    ///
    /// - Returns: The registrations the entry joined, or `nil` if it was not added.
    @usableFromInline
    func add(_ entry: EntryBase, ifNamedBy keyPath: AnyKeyPath) -> Registrations? {
        let isAdded = registrations.withLock { list in
            guard list.isNamed(by: keyPath, wrappedKeyPath: wrappedKeyPath) else { return false }
            list.add(entry)
            return true
        }
        return isAdded ? registrations : nil
    }

    @usableFromInline
    func isNamed(by keyPath: AnyKeyPath, wrappedKeyPath: AnyKeyPath) -> Bool {
        keyPath === wrappedKeyPath
            || registrations.withLock { $0.isNamed(by: keyPath, wrappedKeyPath: wrappedKeyPath) }
    }

    /// The live entries, in list order, for a snapshot and for counting; a derived
    /// observation's lifetime anchor (`RootLifetimeAnchor`) is no registration of this property.
    @usableFromInline
    func liveEntries() -> [EntryBase] {
        // Copied under the lock, tested after it: `isLive` loads weak references (an owner's,
        // a binding's target), and the strong reference a load makes may be the last one,
        // whose release runs a `deinit`. The slots are read under the lock too: a delivery
        // loop's copy may share them, and `DeliveryFrame.takeOut` empties them in place.
        let entries = registrations.withLock { $0.entries.elements.compactMap { $0 } }
        return entries.filter { $0.isLive && !($0.owner is RootLifetimeAnchor) }
    }

    /// The derived registrations this registry anchors to its object (`RootLifetimeAnchor`),
    /// each by its registration's identity, while they live: registrations of the object that
    /// read only other objects' storage, which no entry of the object's own lists otherwise.
    func liveAnchoredRegistrationIDs() -> [ObjectIdentifier] {
        // Read under the lock and tested after unlocking, as in `liveEntries()`.
        let entries = registrations.withLock { $0.entries.elements.compactMap { $0 } }
        return entries.compactMap { entry in
            guard entry.isLive, let anchor = entry.owner as? RootLifetimeAnchor else { return nil }
            return anchor.registrationID
        }
    }

    @usableFromInline
    func liveRegistrationIDs() -> [ObjectIdentifier] {
        // Tested after unlocking, as in `liveEntries()`.
        liveEntries().map(\.registrationID)
    }

    @usableFromInline
    func removeLastEntry(
        observer: ObjectIdentifier, root: ObjectIdentifier, keyPath: AnyKeyPath, storageKeyPath: AnyKeyPath?,
        context: ObservationContext?
    ) -> Bool {
        // The identity is matched first, under the lock, and liveness only then: the loads of
        // `isLive` are then of the observer and the root, which the caller holds, so no strong
        // reference they make can be the last one. (Matching after unlocking would
        // keep a copy of the list, and the removal would then copy the whole list.)
        let match: EntryBase? = registrations.withLock { list in
            list.entries.elements.reversed().lazy.compactMap { $0 }.first { entry in
                entry.isRegistration(
                    of: observer, root: root, keyPath: keyPath, storageKeyPath: storageKeyPath,
                    context: context) && entry.isLive
            }
        }
        guard let match else { return false }
        // An owner spans several registries and takes this registry's lock itself.
        if let owner = match.owner {
            return owner.endRegistration()
        }
        return remove(match)
    }

    /// The derived observations of `keyPath` on the object `root` that depend on this storage,
    /// for a manual change of that key path.
    @usableFromInline
    func dependents(observing root: ObjectIdentifier, keyPath: AnyKeyPath) -> [any DependencyOwner] {
        registrations.withLock { list in
            list.entries.elements.compactMap { entry in
                guard let entry, entry.isActive, let owner = entry.owner as? any DependencyOwner,
                    owner.observes(root: root, keyPath: keyPath)
                else { return nil }
                return owner
            }
        }
    }

    /// Removes every live registration that `observer` made on the object `root`.
    ///
    /// - Returns: The identities of the registrations removed, and the owners of the derived
    ///   ones among them, which the caller ends outside this lock (an owner spans several
    ///   registries).
    @usableFromInline
    func removeEntries(ofObserver observer: ObjectIdentifier, root: ObjectIdentifier)
        -> (removed: Set<ObjectIdentifier>, owners: [any RegistrationOwner])
    {
        var removed = Set<ObjectIdentifier>()
        var owners: [any RegistrationOwner] = []
        var entries: [EntryBase] = []
        // Identity first, then liveness, under the lock, as in `removeLastEntry`: the caller
        // holds the observer, and the entries that match are of this object.
        registrations.withLock { list in
            for case let entry? in list.entries.elements {
                guard let identity = entry.identity, identity.observer == observer, identity.root == root,
                    entry.isLive
                else { continue }
                guard removed.insert(entry.registrationID).inserted else { continue }
                if let owner = entry.owner { owners.append(owner) } else { entries.append(entry) }
            }
        }
        for entry in entries { remove(entry) }
        return (removed, owners)
    }
}
