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
    typealias Entry = RegistryEntry<Value>

    private let lock = Lock()
    private var list = SlotList<Entry>()
    private var priorCount = 0

    private var isDelivering = false
    private var pending: [KeyValueObservedChange<Value>] = []

    /// The to-many change that the next set describes (set by `MutableArrayValue`).
    var nextCollectionChange: (kind: KeyValueChangeKind, indexes: Set<Int>, old: Value?, new: Value?)?

    init() {}

    deinit {
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
    fileprivate func removeEntry(of handle: RegistryEntryHandle<Value>) -> Bool {
        let removed: Entry? = lock.withLock {
            guard !handle.isRemoved else { return nil }
            handle.isRemoved = true
            handle.entry.deactivate()
            return removeLocked(handle.entry)
        }
        return removed != nil
    }

    fileprivate func isRegistered(_ handle: RegistryEntryHandle<Value>) -> Bool {
        lock.withLock { !handle.isRemoved && handle.entry.isActive }
    }

    // MARK: Notification

    /// Runs one set of the property: prior notifications, the store, then the notifications.
    ///
    /// A set made while this registry is delivering (from inside a callback) is stored at once
    /// and delivered after the notification in flight, so every observer sees every value in
    /// set order and the final value last.
    @usableFromInline
    func performSet(object: AnyObject, oldValue: Value, newValue: Value, store: (Value) -> Void) {
        let change = makeChange(oldValue: oldValue, newValue: newValue)
        if isDelivering {
            store(newValue)
            pending.append(change)
            return
        }
        isDelivering = true
        deliver(change, object: object, store: { store(newValue) })
        var index = 0
        while index < pending.count {
            let next = pending[index]
            index += 1
            deliver(next, object: object, store: {})
        }
        pending.removeAll(keepingCapacity: true)
        isDelivering = false
    }

    private func makeChange(oldValue: Value, newValue: Value) -> KeyValueObservedChange<Value> {
        guard let collectionChange = nextCollectionChange else {
            return KeyValueObservedChange(kind: .setting, newValue: newValue, oldValue: oldValue)
        }
        nextCollectionChange = nil
        return KeyValueObservedChange(
            kind: collectionChange.kind, newValue: collectionChange.new, oldValue: collectionChange.old,
            indexes: collectionChange.indexes)
    }

    private func deliver(_ change: KeyValueObservedChange<Value>, object: AnyObject, store: () -> Void) {
        lock.lock()
        let snapshot = list.elements
        let hasPrior = priorCount > 0
        lock.unlock()
        var dead: [Entry] = []
        if hasPrior {
            let prior = change.priorChange
            for case let entry? in snapshot where entry.options.contains(.prior) && entry.isActive {
                if !entry.callback(object, prior) { dead.append(entry) }
            }
        }
        store()
        for case let entry? in snapshot where entry.isActive {
            if !entry.callback(object, change) { dead.append(entry) }
        }
        for entry in dead where !entry.isOwnedByToken {
            remove(entry)
        }
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

/// Removes one token-owned entry from its registry; holds neither strongly, so it keeps
/// nothing alive.
final class RegistryEntryHandle<Value>: Registration, @unchecked Sendable {
    private weak var weakRegistry: PropertyRegistry<Value>?
    /// Dereferenced only under the registry's lock while `isRemoved` is false: a token-owned
    /// entry leaves its registry only through this handle, or together with the registry (whose
    /// weak reference is then nil).
    fileprivate unowned(unsafe) let entry: RegistryEntry<Value>
    /// Guarded by the registry's lock.
    fileprivate var isRemoved = false

    init(registry: PropertyRegistry<Value>, entry: RegistryEntry<Value>) {
        self.weakRegistry = registry
        self.entry = entry
    }

    var isValid: Bool { weakRegistry?.isRegistered(self) ?? false }

    func invalidate() {
        _ = weakRegistry?.removeEntry(of: self)
    }
}
