/// The untyped face of a `PropertyRegistry`, used by derived observations and by look-ups
/// that only know a key path.
@usableFromInline
protocol AnyPropertyRegistry: AnyObject, Sendable {
    /// Adds an entry that reports "will change" (when `wantsPrior`) and "did change" to `owner`.
    func addDependency(
        owner: any DependencyOwner, wantsPrior: Bool, identity: ObserverIdentity?, anchor: AnyObject?
    ) -> any Registration

    /// The live entries' registration identities.
    func liveRegistrationIDs() -> [ObjectIdentifier]

    /// Removes the most recent live registration of `observer` whose identity matches.
    ///
    /// Returns `false` when there is none.
    func removeLastEntry(
        observer: ObjectIdentifier, keyPath: AnyKeyPath, storageKeyPath: AnyKeyPath?,
        context: ObservationContext?
    ) -> Bool
}

/// Receives the changes of the storages a derived observation depends on.
@usableFromInline
protocol DependencyOwner: RegistrationOwner {
    func dependencyWillChange()
    func dependencyDidChange()
}

/// The registrations of one `@Observed` property of one object: the part that does not depend
/// on the value type (see `PropertyRegistry` for delivery).
///
/// Registrations may be added and removed from any thread, guarded by `lock`. Notification
/// copies the entry list under the lock (a retain, no allocation) and calls out with the lock
/// released, so callbacks may add and remove registrations freely.
@usableFromInline
class RegistryCore: @unchecked Sendable {
    // Exclusivity of the mutable state below is ensured by `lock`, so Swift's dynamic
    // exclusivity checks (a runtime call each) are turned off for it.

    @usableFromInline let lock: Lock
    /// What entry handles refer to (weakly), so that the registry itself carries no weak
    /// reference: a weakly referenced object pays the runtime's slow reference counting on
    /// every retain, and the registry is retained on every set.
    let lifetime: RegistryLifetime
    /// Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var list = SlotList<EntryBase>()
    /// Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var priorCount = 0

    @usableFromInline
    init() {
        let lock = Lock()
        self.lock = lock
        self.lifetime = RegistryLifetime(lock: lock)
        lifetime.registry = self
    }

    deinit {
        lock.withLock { lifetime.registry = nil }
        for entry in list.elements {
            guard let entry else { continue }
            entry.deactivate()
            entry.owner?.registryDidEnd()
        }
    }

    /// Adds `entry` at the end of the list.
    ///
    /// - Complexity: O(1) amortized.
    @usableFromInline
    func add(_ entry: EntryBase) {
        lock.withLock { addLocked(entry) }
    }

    /// Adds `entry`; must run under `lock`.
    @usableFromInline
    func addLocked(_ entry: EntryBase) {
        list.append(entry)
        if entry.options.contains(.prior) { priorCount += 1 }
    }

    /// Removes `entry` if present.
    ///
    /// - Complexity: O(1) amortized.
    @usableFromInline
    @discardableResult
    func remove(_ entry: EntryBase) -> Bool {
        entry.deactivate()
        let removed = lock.withLock { removeLocked(entry) }
        return removed != nil
    }

    /// Returns the removed entry so that the caller releases it (and the handler it holds,
    /// whose captures may run arbitrary `deinit`s) after unlocking.
    private func removeLocked(_ entry: EntryBase) -> EntryBase? {
        guard let removed = list.remove(entry) else { return nil }
        if removed.options.contains(.prior) { priorCount -= 1 }
        return removed
    }

    /// Removes the entry `handle` stands for, once.
    ///
    /// Must run under `lock`; returns the removed entry for the caller to release after
    /// unlocking.
    func removeEntryLocked(of handle: RegistryEntryHandle) -> EntryBase? {
        guard !handle.isRemoved else { return nil }
        handle.isRemoved = true
        handle.entry.deactivate()
        return removeLocked(handle.entry)
    }

    /// Removes the entries whose anchor (a weakly held observer) is gone.
    ///
    /// Entries a token owns stay until the token removes them; they are no longer live, so
    /// nothing calls or counts them.
    @usableFromInline
    func pruneDeadEntries(_ snapshot: ContiguousArray<EntryBase?>) {
        for case let entry? in snapshot where !entry.isOwnedByToken && !entry.isLive {
            remove(entry)
        }
    }

    @usableFromInline
    func liveRegistrationIDs() -> [ObjectIdentifier] {
        lock.withLock {
            list.elements.compactMap { entry in entry.flatMap { $0.isLive ? $0.registrationID : nil } }
        }
    }

    @usableFromInline
    func removeLastEntry(
        observer: ObjectIdentifier, keyPath: AnyKeyPath, storageKeyPath: AnyKeyPath?,
        context: ObservationContext?
    ) -> Bool {
        let match: EntryBase? = lock.withLock {
            list.elements.reversed().lazy.compactMap { $0 }.first { entry in
                guard entry.isLive, let identity = entry.identity, identity.observer == observer else {
                    return false
                }
                return identity.matches(keyPath: keyPath, storageKeyPath: storageKeyPath, context: context)
            }
        }
        guard let match else { return false }
        // An owner spans several registries and takes this registry's lock itself.
        if let owner = match.owner {
            return owner.endRegistration()
        }
        return remove(match)
    }
}
