/// What Observing keeps about one object outside its `@Observed` storages: the registries of
/// its key paths notified by hand (with the `willChangeValue`/`didChangeValue` pairs open on
/// them, which their delivery machines keep), and its whole-object observations.
///
/// `@Observed` keeps its registries in the properties' storage; a key path that reads no such
/// storage (a computed property over a cache, a plain stored property) has nowhere to keep its
/// observers, so they live here. An object gets its home at its first registration on such a
/// key path, its first manual pair on one, or its first whole-object observation; an object that
/// needs none of these has no home and pays nothing, and a set never looks a home up, except
/// where whole-object observation already gates it (`WholeObjectObservation.isObserved`).
///
/// The home does not list the `@Observed` registries: a weak reference to a registry gives it
/// a side table, which every retain and release of the registry then goes through, about 130
/// instructions more on each set of an observed property (observe-bench b W1, callgrind:
/// 495 -> 625). `ObjectRegistries` finds them by reflection instead.
///
/// The homes live in one process-wide table keyed by the object's identity, which holds the
/// object weakly (Swift on Linux has no associated objects). A home whose object is gone is
/// dropped when its identity is reused or when the table next grows past twice its live
/// size; its registries then end, and so do their registrations, as when an `@Observed`
/// property's storage goes.
@usableFromInline
final class ObjectHome: @unchecked Sendable {
    // Sendable: every stored variable but `object` is guarded by `lock`; `object` is a weak
    // reference.

    private weak var object: AnyObject?
    private let lock = Lock()
    /// Guarded by `lock`: one `PropertyRegistry<Value>` per key path, typed by its value.
    private var registries: [AnyKeyPath: RegistryCore] = [:]
    /// Guarded by `lock`: the object's whole-object observations.
    private var wholeObjectList: [WeakBox<WholeObjectObservation>] = []

    private init(object: AnyObject) {
        self.object = object
    }

    private struct Table {
        var homes: [ObjectIdentifier: ObjectHome] = [:]
        var pruneThreshold = 16
    }

    private static let table = LockedState(Table())

    /// The home of `object`, if it has one.
    static func of(_ object: AnyObject) -> ObjectHome? {
        var dropped: [ObjectHome] = []
        defer { withExtendedLifetime(dropped) {} }
        return table.withLock { existing(of: object, in: &$0, dropping: &dropped) }
    }

    /// The state of `object`, created if it has none.
    ///
    /// - Complexity: O(1) amortized.
    static func creatingIfNeeded(for object: AnyObject) -> ObjectHome {
        // Dropped states end their registrations when this returns, outside the table's lock.
        var dropped: [ObjectHome] = []
        defer { withExtendedLifetime(dropped) {} }
        return table.withLock { table in
            if let state = existing(of: object, in: &table, dropping: &dropped) { return state }
            if table.homes.count >= table.pruneThreshold {
                for (key, stale) in table.homes where stale.object == nil {
                    dropped.append(stale)
                    table.homes[key] = nil
                }
                table.pruneThreshold = max(16, table.homes.count * 2)
            }
            let created = ObjectHome(object: object)
            table.homes[ObjectIdentifier(object)] = created
            return created
        }
    }

    /// The state the table holds for `object`; one left by a deallocated object whose identity
    /// `object` reuses is moved to `dropped`.
    private static func existing(
        of object: AnyObject, in table: inout Table, dropping dropped: inout [ObjectHome]
    ) -> ObjectHome? {
        let id = ObjectIdentifier(object)
        guard let state = table.homes[id] else { return nil }
        if state.object === object { return state }
        dropped.append(state)
        table.homes[id] = nil
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
            if let object { created.registrations.withLock { $0.home = WeakBox(object) } }
            registries[keyPath] = created
            return created
        }
        if isNew {
            for observation in wholeObjectObservations() { observation.attach(to: registry) }
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

    /// Lists `observation` among the object's whole-object observations.
    func addWholeObjectObservation(_ observation: WholeObjectObservation) {
        lock.withLock {
            wholeObjectList.removeAll { $0.value == nil }
            wholeObjectList.append(WeakBox(observation))
        }
    }

    /// Takes `observation` off the object's whole-object observations.
    func removeWholeObjectObservation(_ observation: WholeObjectObservation) {
        lock.withLock {
            wholeObjectList.removeAll { $0.value == nil || $0.refers(to: observation) }
        }
    }

    /// The object's whole-object observations that have not ended.
    func wholeObjectObservations() -> [WholeObjectObservation] {
        lock.withLock { wholeObjectList.compactMap(\.value) }
    }

    /// Whether a whole-object observation of the object has not ended (one that ends takes
    /// itself off the list).
    var isObservedWhole: Bool {
        lock.withLock { wholeObjectList.contains { $0.value != nil } }
    }
}

/// A key path's value type, opened: `KeyPath<Root, Value>` creates a registry of `Value`.
protocol ValueTypeOpening {
    func registry(in state: ObjectHome) -> RegistryCore
}

extension KeyPath: ValueTypeOpening {
    func registry(in state: ObjectHome) -> RegistryCore {
        state.registryCreatingIfNeeded(for: self, of: Value.self)
    }
}
