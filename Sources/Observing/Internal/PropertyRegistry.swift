/// The untyped face of a `PropertyRegistry`, used by derived observations and by look-ups
/// that only know a key path.
protocol AnyPropertyRegistry: AnyObject, Sendable {
    /// Adds an entry that reports "will change" (when `wantsPrior`) and "did change" to `owner`.
    func addDependency(
        owner: any DependencyOwner, wantsPrior: Bool, identity: ObserverIdentity?, anchor: AnyObject?
    ) -> any Registration

    /// The live entries' registration identities.
    func liveRegistrationIDs() -> [ObjectIdentifier]

    /// Removes the most recent live registration of `observer` whose identity matches.
    /// Returns `false` when there is none.
    func removeLastEntry(
        observer: ObjectIdentifier, keyPath: AnyKeyPath, storageKeyPath: AnyKeyPath?,
        context: ObservationContext?
    ) -> Bool
}

/// Receives the changes of the storages a derived observation depends on.
protocol DependencyOwner: RegistrationOwner {
    func dependencyWillChange()
    func dependencyDidChange()
}

/// The observers of one `@Observed` property of one object.
///
/// Created lazily, on the first registration, and owned by the property's storage, so it
/// lives exactly as long as the observed object.
///
/// Registrations may be added and removed from any thread (guarded by `lock`). Notification
/// copies the entry list under the lock (a retain, no allocation) and calls out with the lock
/// released, so callbacks may add and remove registrations freely.
///
/// Delivery state (`isDelivering`, `pending`) is touched only by the setter, which runs in
/// the observed object's isolation domain, like the stored value itself.
@usableFromInline
final class PropertyRegistry<Value>: AnyPropertyRegistry, @unchecked Sendable {
    @usableFromInline typealias Entry = RegistryEntry<Value>

    /// An element-level change of a to-many property, described before its store.
    @usableFromInline
    struct CollectionChange {
        var kind: KeyValueChangeKind
        var indexes: Set<Int>
        var old: Value?
        var new: Value?
    }

    // Exclusivity of the mutable state below is ensured by `lock` or by the setter's single
    // isolation domain, so Swift's dynamic exclusivity checks (a runtime call each, on every
    // set) are turned off for it.

    @usableFromInline let lock: Lock
    /// What entry handles refer to (weakly), so that the registry itself carries no weak
    /// reference: a weakly referenced object pays the runtime's slow reference counting on
    /// every retain, and the registry is retained on every set.
    let lifetime: RegistryLifetime<Value>
    /// Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var list = SlotList<Entry>()
    /// Guarded by `lock`.
    @exclusivity(unchecked) @usableFromInline var priorCount = 0

    /// Touched only by the setter's isolation domain (see the type's discussion).
    @exclusivity(unchecked) @usableFromInline var isDelivering = false
    /// Touched only by the setter's isolation domain.
    @exclusivity(unchecked) @usableFromInline var pending: [KeyValueObservedChange<Value>] = []

    /// The to-many change that the next set describes (set by `MutableArrayValue`); touched
    /// only by the setter's isolation domain.
    @exclusivity(unchecked) @usableFromInline var nextCollectionChange: CollectionChange?

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

    // MARK: Registrations

    func add(_ entry: Entry) {
        lock.withLock {
            list.append(entry)
            if entry.options.contains(.prior) { priorCount += 1 }
        }
    }

    /// Removes `entry` if present; O(1) amortized.
    @usableFromInline
    @discardableResult
    func remove(_ entry: Entry) -> Bool {
        entry.deactivate()
        let removed = lock.withLock { removeLocked(entry) }
        return removed != nil
    }

    /// Returns the removed entry so that the caller releases it (and the handler it holds,
    /// whose captures may run arbitrary `deinit`s) after unlocking.
    private func removeLocked(_ entry: Entry) -> Entry? {
        guard let removed = list.remove(entry) else { return nil }
        if removed.options.contains(.prior) { priorCount -= 1 }
        return removed
    }

    /// Removes the entry `handle` stands for, once.
    ///
    /// Must run under `lock`; returns the removed entry for the caller to release after
    /// unlocking.
    fileprivate func removeEntryLocked(of handle: RegistryEntryHandle<Value>) -> Entry? {
        guard !handle.isRemoved else { return nil }
        handle.isRemoved = true
        handle.entry.deactivate()
        return removeLocked(handle.entry)
    }

    // MARK: AnyPropertyRegistry

    func addDependency(
        owner: any DependencyOwner, wantsPrior: Bool, identity: ObserverIdentity?, anchor: AnyObject?
    ) -> any Registration {
        let entry = Entry(
            options: wantsPrior ? [.prior] : [], identity: identity, owner: owner, isOwnedByToken: true,
            anchor: anchor
        ) { [unowned(unsafe) owner] _, change in
            // The entry holds `owner` strongly; the capture avoids a second retain.
            if change.isPrior { owner.dependencyWillChange() } else { owner.dependencyDidChange() }
            return true
        }
        add(entry)
        return RegistryEntryHandle(registry: self, entry: entry)
    }

    func liveRegistrationIDs() -> [ObjectIdentifier] {
        lock.withLock {
            list.elements.compactMap { entry in entry.flatMap { $0.isLive ? $0.registrationID : nil } }
        }
    }

    func removeLastEntry(
        observer: ObjectIdentifier, keyPath: AnyKeyPath, storageKeyPath: AnyKeyPath?,
        context: ObservationContext?
    ) -> Bool {
        let match: Entry? = lock.withLock {
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
            owner.invalidate()
            return true
        }
        return remove(match)
    }
}

/// What a registry's entry handles hold, weakly: the registry's lock and, under it, the
/// registry while it is alive (its `deinit` clears the reference under the same lock).
final class RegistryLifetime<Value>: @unchecked Sendable {
    let lock: Lock
    /// Guarded by `lock`; `nil` once the registry's `deinit` has started.
    unowned(unsafe) var registry: PropertyRegistry<Value>?

    init(lock: Lock) {
        self.lock = lock
    }
}

/// Removes one token-owned entry from its registry; keeps neither alive.
final class RegistryEntryHandle<Value>: Registration, @unchecked Sendable {
    private weak var lifetime: RegistryLifetime<Value>?
    /// Dereferenced only under the registry's lock while the registry is alive and
    /// `isRemoved` is false: a token-owned entry leaves its registry only through this handle,
    /// or together with the registry.
    fileprivate unowned(unsafe) let entry: RegistryEntry<Value>
    /// Guarded by the registry's lock.
    fileprivate var isRemoved = false

    init(registry: PropertyRegistry<Value>, entry: RegistryEntry<Value>) {
        self.lifetime = registry.lifetime
        self.entry = entry
    }

    var isValid: Bool {
        guard let lifetime else { return false }
        return lifetime.lock.withLock { lifetime.registry != nil && !isRemoved && entry.isActive }
    }

    func invalidate() {
        guard let lifetime else { return }
        let removed = lifetime.lock.withLock { lifetime.registry?.removeEntryLocked(of: self) }
        // The entry, and the handler it holds, is released here, after unlocking.
        withExtendedLifetime(removed) {}
    }
}
