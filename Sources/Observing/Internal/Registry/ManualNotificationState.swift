/// The manual-notification state of one object: the registries of its key paths that read no
/// `@Observed` storage, and the `willChangeValue`/`didChangeValue` pairs open on it.
///
/// `@Observed` keeps its registries in the properties' storage; a key path that reads no such
/// storage (a computed property over a cache, a plain stored property) has nowhere to keep
/// its observers, so they live here, in a process-wide table keyed by the object. An object
/// that never uses manual notification, and is never observed on such a key path, has no
/// entry and pays nothing.
///
/// The table holds the object weakly. An entry whose object is gone is dropped when its
/// identity is reused or when the table next grows past twice its live size; its registries
/// then end, and so do their registrations, as when an `@Observed` property's storage goes.
final class ManualNotificationState: @unchecked Sendable {
    // Sendable: `registries` and `pairs` are guarded by `lock`; `object` is a weak reference.

    /// A `willChangeValue` whose `didChangeValue` has not come yet.
    struct OpenPair {
        /// How many `willChangeValue` calls for the key path are open (pairs nest, as in KVO).
        var depth: Int
        /// The change the pair reports: its kind and indexes, and the old value (a `Value?`,
        /// typed by the caller) read at the outermost `willChangeValue`.
        let kind: KeyValueChangeKind
        let indexes: Set<Int>?
        let oldValue: Any
        /// Whether the pair drives the delivery machine of its property's registry (it began
        /// while nothing was being delivered), so that sets made inside it join it.
        var isJoined = false
        /// The registrations of the key path when the pair began: the ones `didChangeValue`
        /// notifies (those removed meanwhile excepted), as KVO notifies the observers that
        /// received `willChangeValue`.
        var entries: ContiguousArray<EntryBase?> = []
        /// The derived observations of the key path when the pair began.
        var dependents: [any DependencyOwner] = []
    }

    private weak var object: AnyObject?
    private let lock = Lock()
    /// Guarded by `lock`: one `PropertyRegistry<Value>` per key path, typed by its value.
    private var registries: [AnyKeyPath: RegistryCore] = [:]
    /// Guarded by `lock`.
    private var pairs: [AnyKeyPath: OpenPair] = [:]

    private init(object: AnyObject) {
        self.object = object
    }

    private struct Table {
        var states: [ObjectIdentifier: ManualNotificationState] = [:]
        var pruneThreshold = 16
    }

    private static let table = LockedState(Table())

    /// The state of `object`, if it has one.
    static func of(_ object: AnyObject) -> ManualNotificationState? {
        var dropped: [ManualNotificationState] = []
        defer { withExtendedLifetime(dropped) {} }
        return table.withLock { existing(of: object, in: &$0, dropping: &dropped) }
    }

    /// The state of `object`, created if it has none.
    ///
    /// - Complexity: O(1) amortized.
    static func creatingIfNeeded(for object: AnyObject) -> ManualNotificationState {
        // Dropped states end their registrations when this returns, outside the table's lock.
        var dropped: [ManualNotificationState] = []
        defer { withExtendedLifetime(dropped) {} }
        return table.withLock { table in
            if let state = existing(of: object, in: &table, dropping: &dropped) { return state }
            if table.states.count >= table.pruneThreshold {
                for (key, stale) in table.states where stale.object == nil {
                    dropped.append(stale)
                    table.states[key] = nil
                }
                table.pruneThreshold = max(16, table.states.count * 2)
            }
            let created = ManualNotificationState(object: object)
            table.states[ObjectIdentifier(object)] = created
            return created
        }
    }

    /// The state the table holds for `object`; one left by a deallocated object whose identity
    /// `object` reuses is moved to `dropped`.
    private static func existing(
        of object: AnyObject, in table: inout Table, dropping dropped: inout [ManualNotificationState]
    ) -> ManualNotificationState? {
        let id = ObjectIdentifier(object)
        guard let state = table.states[id] else { return nil }
        if state.object === object { return state }
        dropped.append(state)
        table.states[id] = nil
        return nil
    }

    /// The registry of `keyPath`, if a registration or a dependency created it.
    func registry<Value>(for keyPath: AnyKeyPath, of _: Value.Type) -> PropertyRegistry<Value>? {
        lock.withLock { registries[keyPath] as? PropertyRegistry<Value> }
    }

    /// The registry of `keyPath`, typed by its value, created if needed.
    func registryCreatingIfNeeded<Value>(for keyPath: AnyKeyPath, of _: Value.Type) -> PropertyRegistry<Value>
    {
        var isNew = false
        let registry = lock.withLock {
            if let existing = registries[keyPath] as? PropertyRegistry<Value> { return existing }
            isNew = true
            let created = PropertyRegistry<Value>(storageKeyPath: keyPath, wrappedKeyPath: keyPath)
            registries[keyPath] = created
            return created
        }
        if isNew, WholeObjectObservation.isActive, let object {
            WholeObjectObservation.registryWasCreated(registry, for: object)
        }
        return registry
    }

    /// The registry of `keyPath`, created if needed with the key path's value type.
    func anyRegistryCreatingIfNeeded(for keyPath: AnyKeyPath) -> RegistryCore {
        if let existing = lock.withLock({ registries[keyPath] }) { return existing }
        // Every key path is a `KeyPath<Root, Value>`, which opens its value type.
        guard let typed = keyPath as? any ValueTypeOpening else {
            return registryCreatingIfNeeded(for: keyPath, of: Any.self)
        }
        return typed.registry(in: self)
    }

    /// Every registry kept here, for look-ups over all of the object's registrations.
    var allRegistries: [RegistryCore] {
        lock.withLock { Array(registries.values) }
    }

    /// Opens a pair for `keyPath`, or nests one in the pair already open.
    ///
    /// - Returns: Whether this is the outermost `willChangeValue`, whose caller sends the
    ///   prior notifications and then calls `pairDidJoin(for:)` if the pair drives its
    ///   registry's machine.
    func beginPair(for keyPath: AnyKeyPath, kind: KeyValueChangeKind, indexes: Set<Int>?, oldValue: Any)
        -> Bool
    {
        lock.withLock {
            if pairs[keyPath] != nil {
                pairs[keyPath]?.depth += 1
                return false
            }
            pairs[keyPath] = OpenPair(
                depth: 1, kind: kind, indexes: indexes, oldValue: oldValue, isJoined: false)
            return true
        }
    }

    /// Records what the outermost `willChangeValue` of `keyPath` found: the registrations to
    /// notify, and whether the pair drives its registry's delivery machine.
    func pairDidBegin(
        for keyPath: AnyKeyPath, entries: ContiguousArray<EntryBase?>, isJoined: Bool,
        dependents: [any DependencyOwner]
    ) {
        lock.withLock {
            pairs[keyPath]?.entries = entries
            pairs[keyPath]?.isJoined = isJoined
            pairs[keyPath]?.dependents = dependents
        }
    }

    /// Closes one level of the pair open for `keyPath`.
    ///
    /// - Returns: The pair, when this closed its outermost level; `nil` when a level stays
    ///   open, or when no pair is open (a `didChangeValue` without its `willChangeValue`).
    func endPair(for keyPath: AnyKeyPath) -> OpenPair? {
        lock.withLock {
            guard var pair = pairs[keyPath] else { return nil }
            pair.depth -= 1
            if pair.depth > 0 {
                pairs[keyPath] = pair
                return nil
            }
            pairs[keyPath] = nil
            return pair
        }
    }
}

/// A key path's value type, opened: `KeyPath<Root, Value>` creates a registry of `Value`.
protocol ValueTypeOpening {
    func registry(in state: ManualNotificationState) -> RegistryCore
}

extension KeyPath: ValueTypeOpening {
    func registry(in state: ManualNotificationState) -> RegistryCore {
        state.registryCreatingIfNeeded(for: self, of: Value.self)
    }
}
