extension KeyValueObservable {
    /// `true`: every key path is expected to read `@Observed` storage, which notifies its
    /// observers itself.
    ///
    /// - Parameter keyPath: A key path of this class.
    /// - Returns: `true`.
    public static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool { true }

    /// No key paths: a computed key path depends on what its getter reads.
    ///
    /// - Parameter keyPath: A key path of this class.
    /// - Returns: An empty array.
    public static func keyPathsForValuesAffectingValue(for keyPath: AnyKeyPath) -> [AnyKeyPath] { [] }

    /// Tells the observers of `keyPath` that its value is about to change, as KVO's
    /// `willChangeValue(forKey:)` (Foundation's `willChangeValue(for:)`).
    ///
    /// Pair each call with `didChangeValue(for:)`, which sends the notification. Any key path
    /// works: a computed property backed by something that is not `@Observed` (a cache, a C
    /// struct), a plain stored property, or an `@Observed` property, which a pair notifies as
    /// a set does. The value is read now: `.prior` observers receive their call with it as
    /// the old value, and `didChangeValue(for:)` reports it as the old value.
    ///
    /// Pairs nest: each key path (each `@Observed` property, whatever key path names it) counts
    /// its own depth, and its observers get one prior call at its outermost `willChangeValue`
    /// and one notification at its outermost `didChangeValue` (Apple's KVO notifies at each
    /// `didChangeValue`; nested pairs here make one change). An observation of a computed key
    /// path or a chain that reads `keyPath` is part of the pair too, also when a handler
    /// changes what it reads while the pair is open
    /// (a re-wiring off the property, and perhaps back): it gets the pair's prior call and
    /// notification in the place it had among the observers when the pair began, while the
    /// sets made meanwhile of other properties it reads notify it as sets of their own.
    /// A set of an `@Observed` property made inside a pair for the same key path
    /// joins the pair and sends no notification of its own (unless the pair began inside a
    /// notification of that property, where it is delivered on its own), so a
    /// `willChangeValue` left without its `didChangeValue` (an early `return`, a `throw`)
    /// keeps the property's sets silent until the pair is closed: use `defer`. A
    /// `didChangeValue` made from one of the pair's own prior calls closes it there; a set
    /// made from one is stored, as a set of its own, once the prior calls are sent, before
    /// `willChangeValue` returns, so the code inside the pair reads it (in a pair begun while
    /// no notification of the property is under way; inside one, it waits for that one).
    ///
    /// Use the same key path for registering and for notifying: a key path formed on a
    /// subclass (`\Sub.title`) and its superclass's (`\Base.title`) are different key paths
    /// to manual notification, and to a class's `automaticallyNotifiesObservers(for:)` and
    /// `keyPathsForValuesAffectingValue(for:)`, which compare them (only `@Observed`
    /// storage is the same under both, as KVO's keys are: its sets and its pairs).
    ///
    /// Call it where a set of the property would be made: in the object's isolation domain,
    /// with handlers run synchronously on this thread before it returns.
    ///
    /// ```swift
    /// var theme: String {
    ///     get { cache.theme }
    ///     set {
    ///         willChangeValue(for: \.theme)
    ///         defer { didChangeValue(for: \.theme) }
    ///         cache.theme = newValue
    ///     }
    /// }
    /// ```
    ///
    /// - Parameter keyPath: The key path whose value changes.
    /// - Complexity: O(*d* + *n*), where *d* is the number of `@Observed` reads of the key
    ///   path and *n* the number of its prior observers.
    public func willChangeValue<Value>(for keyPath: KeyPath<Self, Value>) {
        beginManualChange(keyPath, kind: .setting, indexes: nil) { $0 }
    }

    /// Tells the observers of `keyPath` that its value changed, as KVO's
    /// `didChangeValue(forKey:)` (Foundation's `didChangeValue(for:)`).
    ///
    /// At the outermost `didChangeValue` of a pair, observers receive the old value read at
    /// `willChangeValue(for:)` and the value read now as the new one (after the observers of
    /// inner pairs of other key paths, which notified when their own pairs ended). A call
    /// without a matching `willChangeValue(for:)` does nothing.
    ///
    /// - Parameter keyPath: The key path whose value changed.
    /// - Complexity: O(*d* + *n*), where *d* is the number of `@Observed` reads of the key
    ///   path and *n* the number of its observers.
    public func didChangeValue<Value>(for keyPath: KeyPath<Self, Value>) {
        endManualChange(keyPath) { $0 }
    }

    /// Tells the observers of the array at `keyPath` that the elements at `indexes` are about
    /// to change, as KVO's `willChange(_:valuesAt:forKey:)`.
    ///
    /// As `willChangeValue(for:)`, but the pair reports `kind` and `indexes`. The old value
    /// read now is the array of the elements at `indexes` (in index order) for a `.removal`
    /// or a `.replacement`, none for an `.insertion`, and the whole array for a `.setting`.
    /// Indexes past the end are reported but read nothing.
    ///
    /// - Parameters:
    ///   - kind: The kind of change, as `NSKeyValueChange`.
    ///   - indexes: The indexes of the elements that change; after the change for an
    ///     insertion, before it otherwise, as in KVO.
    ///   - keyPath: The array whose elements change.
    /// - Complexity: O(*k* log *k*) for *k* indexes, plus what `willChangeValue(for:)` costs.
    public func willChange<Element>(
        _ kind: KeyValueChangeKind, valuesAt indexes: Set<Int>, for keyPath: KeyPath<Self, [Element]>
    ) {
        beginManualChange(keyPath, kind: kind, indexes: indexes) { array in
            switch kind {
            case .setting: array
            case .insertion: nil
            case .removal, .replacement: Self.elements(of: array, at: indexes)
            }
        }
    }

    /// Tells the observers of the array at `keyPath` that the elements at `indexes` changed,
    /// as KVO's `didChange(_:valuesAt:forKey:)`.
    ///
    /// As `didChangeValue(for:)`, reporting the kind and indexes given to the outermost
    /// `willChange(_:valuesAt:for:)`. The new value read now is the array of the elements at
    /// `indexes` for an `.insertion` or a `.replacement`, none for a `.removal`, and the whole
    /// array for a `.setting`.
    ///
    /// - Parameters:
    ///   - kind: The kind of change, as given to `willChange(_:valuesAt:for:)`.
    ///   - indexes: The indexes, as given to `willChange(_:valuesAt:for:)`.
    ///   - keyPath: The array whose elements changed.
    /// - Complexity: O(*k* log *k*) for *k* indexes, plus what `didChangeValue(for:)` costs.
    public func didChange<Element>(
        _ kind: KeyValueChangeKind, valuesAt indexes: Set<Int>, for keyPath: KeyPath<Self, [Element]>
    ) {
        endManualChange(keyPath) { array in
            switch kind {
            case .setting: array
            case .removal: nil
            case .insertion, .replacement: Self.elements(of: array, at: indexes)
            }
        }
    }

    private static func elements<Element>(of array: [Element], at indexes: Set<Int>) -> [Element] {
        indexes.sorted().compactMap { array.indices.contains($0) ? array[$0] : nil }
    }

    /// Opens a manual change pair (or nests one): at the outermost level, reads the old value
    /// and sends the prior notifications of every observer of `keyPath`.
    ///
    /// The pair lives in the registry a set of `keyPath` notifies: its `@Observed` storage's,
    /// or for a key path notified only by hand, the one the object's home keeps for it
    /// (created now, so that the pair has somewhere to count its depth).
    func beginManualChange<Value>(
        _ keyPath: KeyPath<Self, Value>, kind: KeyValueChangeKind, indexes: Set<Int>?,
        storesPriorSets: Bool = true,
        old: (Value) -> Value?
    ) {
        let (value, accesses) = AccessTracking.track { self[keyPath: keyPath] }
        if let registry = storageRegistry(for: keyPath, in: accesses) {
            let deferred = registry.beginManualChange(
                kind: kind, indexes: indexes, oldValue: old(value), object: self,
                storesPriorSets: storesPriorSets,
                dependents: { [] })
            store(deferred, in: registry)
            return
        }
        // A whole-object observation of this object hears every key path notified by hand: the
        // registry, once made, reaches it.
        let registry = ObjectHome.creatingIfNeeded(for: self).registryCreatingIfNeeded(
            for: keyPath, of: Value.self)
        _ = registry.beginManualChange(
            kind: kind, indexes: indexes, oldValue: old(value), object: self,
            dependents: { derivedObservations(of: keyPath, accesses: accesses) })
    }

    /// Closes one level of the manual change pair of `keyPath`: at the outermost level, reads
    /// the new value and notifies every observer of `keyPath`.
    func endManualChange<Value>(_ keyPath: KeyPath<Self, Value>, new: (Value) -> Value?) {
        let (value, accesses) = AccessTracking.track { self[keyPath: keyPath] }
        let storage = storageRegistry(for: keyPath, in: accesses)
        if let storage {
            let (wasOpen, deferred) = storage.endManualChange(newValue: { new(value) }, object: self)
            store(deferred, in: storage)
            if wasOpen { return }
        }
        // A key path notified by hand; or one whose pair began before it read its storage.
        guard let registry = ObjectHome.of(self)?.registry(for: keyPath, of: Value.self) else { return }
        _ = registry.endManualChange(newValue: { new(value) }, object: self)
    }

    /// Stores a set that a prior callback made while a pair was open on `registry`'s property,
    /// handed back when a `didChangeValue` closed the pair: as a set of its own, with its own
    /// description (which stores whatever else waited).
    private func store<Value>(
        _ deferred: PropertyRegistry<Value>.DeferredSet?, in registry: PropertyRegistry<Value>
    ) {
        guard let deferred else { return }
        _ = registry.performChange(describedAs: deferred.collectionChange, on: self, asSet: true) {
            $0 = deferred.value
        }
    }

    /// The derived observations of `keyPath` on this object: they sit in the registries of
    /// what the key path reads, and of what the class declares as affecting it.
    private func derivedObservations<Value>(of keyPath: KeyPath<Self, Value>, accesses: TrackedAccesses)
        -> [any DependencyOwner]
    {
        let declared = Self.declaredDependencies(of: keyPath)
        let all = DeclaredDependencies.adding(declared, on: self, to: accesses)
        var seen = Set<ObjectIdentifier>()
        var result: [any DependencyOwner] = []
        for access in all {
            for owner in access.registry.dependents(observing: ObjectIdentifier(self), keyPath: keyPath)
            where seen.insert(ObjectIdentifier(owner)).inserted {
                result.append(owner)
            }
        }
        return result
    }
}
