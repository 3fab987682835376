extension PropertyRegistry {
    /// Carries out a change of the property on `object` that `collectionChange` describes (a
    /// to-many change of `MutableArrayValue` or `MutableSetValue`, or a set that a manual pair
    /// deferred), handing the description to the set or mutation itself, which carries it to
    /// the notification.
    ///
    /// Reaches the storage through the key paths this registry keeps, typed for the class that
    /// declares the property (found from the storage key path's root), so that the change takes
    /// the path a set or a mutation through the property takes, whatever subclass `object` is.
    ///
    /// - Parameters:
    ///   - collectionChange: What the notification reports; `nil` for a plain set.
    ///   - object: The object whose property changes.
    ///   - asSet: Whether the change is a set (a deferred set stored), never in place.
    ///   - body: Changes the value: in place when nothing waits for a store and `asSet` is
    ///     `false`, else the value the property will hold once the waiting sets are stored,
    ///     which is then set.
    /// - Returns: `false`, changing nothing, when `object` is not an instance of the class that
    ///   declares the property, or that class is not `KeyValueObservable`; neither happens for
    ///   the registry of an `@Observed` property of `object`, whose storage key path is rooted
    ///   at that class.
    func performChange(
        describedAs collectionChange: CollectionChange?, on object: AnyObject, asSet: Bool = false,
        _ body: (inout Value) -> Void
    ) -> Bool {
        guard let declaringClass = type(of: storageKeyPath).rootType as? any KeyValueObservable.Type else {
            return false
        }
        func perform<Root: KeyValueObservable>(on _: Root.Type) -> Bool {
            guard let root = object as? Root else { return false }
            Observed<Value>.performChange(
                describedAs: collectionChange, registry: self, object: root, asSet: asSet, body)
            return true
        }
        return perform(on: declaringClass)
    }
}

extension Observed {
    /// `PropertyRegistry.performChange(describedAs:on:asSet:_:)` with the declaring class
    /// known: a mutation in place when nothing waits for a store (as `items.append(x)` through
    /// the property is), else a set of the value the waiting sets leave, changed by `body`.
    static func performChange<EnclosingSelf: KeyValueObservable>(
        describedAs collectionChange: PropertyRegistry<Value>.CollectionChange?,
        registry: PropertyRegistry<Value>,
        object: EnclosingSelf, asSet: Bool, _ body: (inout Value) -> Void
    ) {
        let (wrappedKeyPath, storageKeyPath) = keyPaths(of: registry, on: object)
        if !asSet, registry.valueAfterPendingStores == nil,
            object[keyPath: storageKeyPath].registry === registry
        {
            let mutation = beginMutation(of: registry, object: object)
            body(&object[keyPath: storageKeyPath].value)
            endMutation(
                mutation, newValue: object[keyPath: storageKeyPath].value, object: object,
                collectionChange: collectionChange)
            return
        }
        var value = registry.valueAfterPendingStores ?? object[keyPath: storageKeyPath].value
        body(&value)
        // A storage replaced since the registry was found takes a plain set, through the setter.
        guard object[keyPath: storageKeyPath].registry === registry else {
            object[keyPath: wrappedKeyPath] = value
            return
        }
        set(
            value, registry: registry, oldValue: object[keyPath: storageKeyPath].value,
            collectionChange: collectionChange, object: object, wrapped: wrappedKeyPath,
            storage: storageKeyPath)
    }
}

extension KeyValueObservable {
    /// Carries out a collection proxy's mutation of `keyPath`, whose read tracked `accesses`,
    /// reported as `change` (`MutableArrayValue`, `MutableSetValue`).
    ///
    /// On an `@Observed` property named by its own key path, the property's own mutation or set
    /// carries the description (`PropertyRegistry.performChange`). A mutation through another
    /// key path that lands in `@Observed` storage of this class holding the collection is
    /// notified by that storage's set (a pair too would tell its observers twice); any other (a
    /// key path notified by hand, or one formed on a subclass, whose own setter then runs) is
    /// notified by hand around it, with a `willChangeValue`/`didChangeValue` pair.
    func performCollectionChange<Collection>(
        _ change: PropertyRegistry<Collection>.CollectionChange,
        at keyPath: ReferenceWritableKeyPath<Self, Collection>,
        reading accesses: TrackedAccesses, _ body: (inout Collection) -> Void
    ) {
        let registry = storageRegistry(for: keyPath, in: accesses)
        if let registry, namesStorageDirectly(keyPath, in: accesses),
            registry.performChange(describedAs: change, on: self, body)
        {
            return
        }
        if registry == nil, accesses.lastReadHolds(Collection.self) { return body(&self[keyPath: keyPath]) }
        let indexes = change.hasIndexes ? change.indexes : nil
        // The indexes were worked out from the value now: a set from a prior callback waits for
        // the pair, so that the body applies them to that value.
        beginManualChange(keyPath, kind: change.kind, indexes: indexes, storesPriorSets: false) { _ in
            change.old
        }
        body(&self[keyPath: keyPath])
        endManualChange(keyPath) { _ in change.new }
    }
}
