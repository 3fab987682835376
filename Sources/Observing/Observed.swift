import Observation

/// Makes a stored property of a `KeyValueObservable` class observable.
///
/// Each set notifies the property's observers synchronously on the setting thread, before the
/// setter returns (or on the queue a registration names), as KVO's automatic change
/// notification does. Equal values are not filtered unless a registration asks for
/// `.removeDuplicates`.
///
/// A property that has never been observed costs one pointer check per set; its observer
/// registry is created on the first registration and lives as long as the object.
///
/// A mutation through the property (`items.append(x)`, `count += 1`, a mutating method of a
/// struct value) runs in place, as on a plain stored property, while nobody observes the
/// property, and while no registration needs the old value: observers of new values are then
/// notified once the mutation is done, with the new value. A registration asking for `.old`,
/// `.prior` or `.removeDuplicates` needs the value from before the mutation, so the mutation
/// then runs on a copy (one copy of the value, inherent), which is then set; so does a
/// mutation made while a notification of the property is under way. A computed key path over
/// the property keeps its own last value and does not force the copy.
///
/// ```swift
/// final class TabItem: KeyValueObservable {
///     @Observed var badgeValue: String?
/// }
/// ```
///
/// The wrapper only works on classes that conform to `KeyValueObservable`; it reaches the
/// object through Swift's enclosing-instance subscript.
@propertyWrapper
public struct Observed<Value> {
    // Both are reached from the inlinable subscript below, so that the key-path accesses
    // there are specialized in the user's module and fold into direct stored accesses.
    @usableFromInline var value: Value
    @usableFromInline var registry: PropertyRegistry<Value>?

    /// Stores `newValue` when nobody observes the property.
    ///
    /// Otherwise leaves the value alone and returns the registry with the value to report as
    /// old. One access to the storage, so one dynamic exclusivity check on the common path.
    ///
    /// The registry is returned retained: a callback may replace this storage
    /// (`_name = Observed(...)`) in the middle of the set, which releases the storage's
    /// reference, and the setter goes on using the registry until the set completes.
    @inlinable
    @inline(__always)
    mutating func storeUnlessObserved(_ newValue: Value) -> (
        registry: PropertyRegistry<Value>, oldValue: Value
    )? {
        guard let registry else {
            value = newValue
            return nil
        }
        return (registry, value)
    }

    /// Creates the storage with an initial value, which notifies no one.
    ///
    /// - Parameter wrappedValue: The initial value.
    public init(wrappedValue: Value) {
        self.value = wrappedValue
    }

    /// Unavailable: `@Observed` reaches its value through the enclosing object.
    @available(*, unavailable, message: "@Observed is only available on KeyValueObservable classes")
    public var wrappedValue: Value {
        get { fatalError("unavailable") }
        set { fatalError("unavailable") }
    }

    /// Reads and writes the value of the property on `object`, notifying its observers on write.
    ///
    /// - Parameters:
    ///   - object: The object that owns the property.
    ///   - wrappedKeyPath: The key path of the property.
    ///   - storageKeyPath: The key path of this storage.
    ///
    /// Inlinable: a user's class lives in the user's module, and unspecialized generic
    /// key-path accesses here cost ~200 ns and an allocation per set (observe-bench W3).
    /// Inlined into the property's accessors, the key paths fold into direct stored accesses:
    /// a set with no observers is a nil check and a store, and a notified set runs the
    /// registry's specialized delivery.
    @inlinable
    public static subscript<EnclosingSelf: KeyValueObservable>(
        _enclosingInstance object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) -> Value {
        @inline(__always) get {
            // A constant in the class's accessors: `false` unless the class is `Observable`.
            if EnclosingSelf._reportsToObservation {
                let registry = object[keyPath: storageKeyPath]
                    .registryCreatingIfNeeded(
                        storage: storageKeyPath, wrapped: wrappedKeyPath, object: object)
                EnclosingSelf._reportAccess(
                    object, keyPath: wrappedKeyPath, to: registry.observationRegistrarCreatingIfNeeded())
            }
            recordAccess(object: object) { (wrappedKeyPath, storageKeyPath) }
            return object[keyPath: storageKeyPath].value
        }
        // Always inlined into the property's accessor, where the storage key path is a literal
        // that the optimizer folds into a direct stored access.
        @inline(__always) set {
            // A constant in the class's accessors: `false` unless the class is
            // `WholeObjectObservable`, whose sets then form the key paths.
            if EnclosingSelf._notifiesWholeObjectObservers, WholeObjectObservation.isActive,
                object[keyPath: storageKeyPath].registry == nil
            {
                prepareForWholeObjectObservation(object, wrapped: wrappedKeyPath, storage: storageKeyPath)
            }
            guard let (registry, storedValue) = object[keyPath: storageKeyPath].storeUnlessObserved(newValue)
            else {
                return
            }
            set(
                newValue, registry: registry, oldValue: storedValue, object: object, wrapped: wrappedKeyPath,
                storage: storageKeyPath)
        }
        // A mutation through the property (`append`, `+=`, `items[i] = x`, a mutating method)
        // runs in place, as on a plain stored property, when nobody observes the property, and
        // when no registration needs the old value. Otherwise the old value is kept, and once
        // the mutation is done it is put back and the result set, as `get` and `set` would.
        // One yield, of the storage itself, so that the accessor inlines into the property's.
        @inline(__always) _modify {
            // The observed path runs out of line and reaches the storage through the key paths
            // its registry keeps, so that the unobserved path stays a nil check and a plain
            // mutation in place (key paths passed here would be instantiated on every call).
            if EnclosingSelf._notifiesWholeObjectObservers, WholeObjectObservation.isActive,
                object[keyPath: storageKeyPath].registry == nil
            {
                prepareForWholeObjectObservation(object, wrapped: wrappedKeyPath, storage: storageKeyPath)
            }
            // The mutation holds the registry until it ends (a callback may replace the
            // storage), and is moved (`take()`) into `endMutation`, which consumes it: bound with
            // `if let`, it would be copied, a retain and a release of each field per mutation.
            var mutation: Mutation?
            if let registry = object[keyPath: storageKeyPath].registry {
                mutation = beginMutation(of: registry, object: object)
            } else {
                mutation = nil
            }
            yield &object[keyPath: storageKeyPath].value
            if let mutation = mutation.take() {
                endMutation(mutation, newValue: object[keyPath: storageKeyPath].value, object: object)
            }
        }
    }

    /// A mutation through an observed property: in place with the entries to notify, or on
    /// the value kept to put back.
    @usableFromInline
    struct Mutation {
        @usableFromInline let registry: PropertyRegistry<Value>
        /// The entries to notify after a mutation in place; `nil` when `oldValue` is kept.
        @usableFromInline var snapshot: ContiguousArray<EntryBase?>?
        @usableFromInline let oldValue: Value?
        @usableFromInline let reportsToObservation: Bool

        @inlinable
        init(
            registry: consuming PropertyRegistry<Value>, snapshot: consuming ContiguousArray<EntryBase?>?,
            oldValue: consuming Value?, reportsToObservation: Bool
        ) {
            self.registry = registry
            self.snapshot = snapshot
            self.oldValue = oldValue
            self.reportsToObservation = reportsToObservation
        }
    }

    /// Begins a mutation through the observed property (`_modify`, where with no registry the
    /// mutation is a plain one in place; or a collection proxy's described change): in place
    /// when no registration needs the old value
    /// (Observation's `willSet` is reported now, with sets from `onChange` deferred as during a
    /// store); else the old value is kept, to be put back once the mutation is done and the
    /// result set, as `get` and `set` would.
    ///
    /// Takes `registry` (the caller's reference from the storage, moved into the mutation) and
    /// `endMutation` takes the mutation, so that the registry and the snapshot are each retained
    /// once per mutation (callgrind b W9/10k: 1,031 -> 935 instructions per append).
    @inlinable
    @inline(never)
    static func beginMutation<EnclosingSelf: KeyValueObservable>(
        of registry: consuming PropertyRegistry<Value>, object: EnclosingSelf
    ) -> Mutation {
        guard let snapshot = registry.beginMutationInPlace(object: object) else {
            let storageKeyPath = keyPaths(of: registry, on: object).storage
            return Mutation(
                registry: registry, snapshot: nil, oldValue: object[keyPath: storageKeyPath].value,
                reportsToObservation: false)
        }
        guard EnclosingSelf._reportsToObservation, let registrar = registry.observationRegistrar else {
            return Mutation(
                registry: registry, snapshot: snapshot, oldValue: nil, reportsToObservation: false)
        }
        registry.mutationReportBegins()
        let wrappedKeyPath = keyPaths(of: registry, on: object).wrapped
        EnclosingSelf._reportMutation(object, keyPath: wrappedKeyPath, isStored: false, to: registrar)
        return Mutation(registry: registry, snapshot: snapshot, oldValue: nil, reportsToObservation: true)
    }

    /// Ends a mutation that `beginMutation` began, with the value the mutation left in the
    /// storage: notifies after a mutation in place, then stores what the notification
    /// deferred; or puts the old value back and sets the new one.
    ///
    /// The key paths are read from the registry only where they are used: each read is a
    /// retain and a release.
    @inlinable
    @inline(never)
    static func endMutation<EnclosingSelf: KeyValueObservable>(
        _ mutation: consuming Mutation, newValue: consuming Value, object: EnclosingSelf
    ) {
        endMutation(mutation, newValue: newValue, object: object, collectionChange: nil)
    }

    /// `endMutation(_:newValue:object:)` of a mutation that `collectionChange` describes (a
    /// to-many change of `MutableArrayValue` or `MutableSetValue`), which its notification
    /// carries; always inlined, so that the plain mutation passes no description.
    @inlinable
    @inline(__always)
    static func endMutation<EnclosingSelf: KeyValueObservable>(
        _ mutation: consuming Mutation, newValue: consuming Value, object: EnclosingSelf,
        collectionChange: consuming PropertyRegistry<Value>.CollectionChange?
    ) {
        let registry = mutation.registry
        // Moved out, not copied: a copy would retain and release the list once more per append.
        guard let snapshot = mutation.snapshot.take() else {
            let (wrappedKeyPath, storageKeyPath) = keyPaths(of: registry, on: object)
            // `oldValue` is set whenever `snapshot` is not (a `Value?` that may itself be `nil`
            // for an optional property, hence the unsafe unwrap of the outer optional only).
            let oldValue = mutation.oldValue.unsafelyUnwrapped
            object[keyPath: storageKeyPath].value = oldValue
            set(
                newValue, registry: registry, oldValue: oldValue, collectionChange: collectionChange,
                object: object, wrapped: wrappedKeyPath, storage: storageKeyPath)
            return
        }
        if mutation.reportsToObservation, let registrar = registry.observationRegistrar {
            let wrappedKeyPath = keyPaths(of: registry, on: object).wrapped
            EnclosingSelf._reportMutation(object, keyPath: wrappedKeyPath, isStored: true, to: registrar)
            registry.mutationReportEnded()
        }
        #if OBSERVING_INTERNAL_CHECKS
            checkOwnership(of: registry, object: object, storage: keyPaths(of: registry, on: object).storage)
        #endif
        guard
            let deferred = registry.endMutationInPlace(
                object: object, newValue: newValue, snapshot: snapshot, collectionChange: collectionChange)
        else { return }
        // What the notification deferred is stored as sets of their own, each with its own
        // description (through the setter on the new storage, if a handler replaced it).
        let (wrappedKeyPath, storageKeyPath) = keyPaths(of: registry, on: object)
        guard object[keyPath: storageKeyPath].registry === registry else {
            applyAfterReplacement(
                [deferred] + registry.storageWasReplaced(), object: object, wrapped: wrappedKeyPath)
            return
        }
        set(
            deferred.value, registry: registry, oldValue: object[keyPath: storageKeyPath].value,
            collectionChange: deferred.collectionChange, object: object, wrapped: wrappedKeyPath,
            storage: storageKeyPath)
    }

    /// The key paths `registry` keeps, typed for the class that declares the property.
    ///
    /// The registry was created by this property's accessors, with the key paths of its
    /// storage and of the property, both rooted at `EnclosingSelf`, the declaring class, so
    /// the casts cannot fail. They are checked casts all the same, which cost almost nothing:
    /// callgrind counts the same instructions per operation as with unchecked ones for b W1,
    /// W2 and W4, d W1 and app W6, and 3.6 more (0.3%) for b W9, an append in place.
    @inlinable
    @inline(__always)
    static func keyPaths<EnclosingSelf: KeyValueObservable>(
        of registry: PropertyRegistry<Value>, on _: EnclosingSelf
    )
        -> (
            wrapped: ReferenceWritableKeyPath<EnclosingSelf, Value>,
            storage: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
        )
    {
        guard let wrapped = registry.wrappedKeyPath as? ReferenceWritableKeyPath<EnclosingSelf, Value>,
            let storage = registry.storageKeyPath as? ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
        else { preconditionFailure("the key paths of a registry of \(EnclosingSelf.self).\(Value.self)") }
        return (wrapped, storage)
    }

    /// Stores `value` through the property's setter path: the closures `PropertyRegistry.set`
    /// takes, for the set made after a mutation of a copy and for deferred sets.
    @inlinable
    @inline(__always)
    static func set<EnclosingSelf: KeyValueObservable>(
        _ newValue: Value, registry: PropertyRegistry<Value>, oldValue: Value,
        collectionChange: PropertyRegistry<Value>.CollectionChange? = nil, object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) {
        registry.set(
            object: object, oldValue: oldValue, newValue: newValue, collectionChange: collectionChange,
            isOwned: { registry in object[keyPath: storageKeyPath].registry === registry },
            read: { object[keyPath: storageKeyPath].value },
            store: { value, registry in
                store(
                    value, registry: registry, object: object, wrapped: wrappedKeyPath,
                    storage: storageKeyPath)
            },
            reapply: { deferred in
                applyAfterReplacement(deferred, object: object, wrapped: wrappedKeyPath)
            })
    }

    /// Stores `value` on behalf of `registry`, reporting to Swift's Observation on an
    /// `Observable` class.
    @inlinable
    @inline(__always)
    static func store<EnclosingSelf: KeyValueObservable>(
        _ value: Value, registry: PropertyRegistry<Value>, object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) {
        checkOwnership(of: registry, object: object, storage: storageKeyPath)
        guard EnclosingSelf._reportsToObservation, let registrar = registry.observationRegistrar else {
            object[keyPath: storageKeyPath].value = value
            return
        }
        // As the `@Observable` macro's setter: storing an equal value of an `Equatable` type
        // tells Observation nothing (KVO-style observers are still notified, unless they ask
        // for `.removeDuplicates`).
        if let equal = registry.observationEquality, equal(object[keyPath: storageKeyPath].value, value) {
            object[keyPath: storageKeyPath].value = value
            return
        }
        EnclosingSelf._reportMutation(object, keyPath: wrappedKeyPath, isStored: false, to: registrar)
        object[keyPath: storageKeyPath].value = value
        EnclosingSelf._reportMutation(object, keyPath: wrappedKeyPath, isStored: true, to: registrar)
    }

    /// In the internal-checks build, traps unless `registry` is still the one `object`'s
    /// storage owns: the setter never stores on behalf of a registry it no longer owns.
    @inlinable
    @inline(__always)
    static func checkOwnership<EnclosingSelf: AnyObject>(
        of registry: PropertyRegistry<Value>, object: EnclosingSelf,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) {
        #if OBSERVING_INTERNAL_CHECKS
            precondition(
                object[keyPath: storageKeyPath].registry === registry,
                "the setter of \(storageKeyPath) uses a registry its storage no longer owns")
        #endif
    }

    /// Stores the sets that a replaced storage had deferred, through the property's setter,
    /// so that they reach the new storage (and its observers) in set order.
    ///
    /// Inlinable, so that the key path folds into a call of the property's setter instead of
    /// being instantiated on every set.
    @inlinable
    static func applyAfterReplacement<EnclosingSelf: KeyValueObservable>(
        _ deferred: [PropertyRegistry<Value>.DeferredSet], object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>
    ) {
        for set in deferred { object[keyPath: wrappedKeyPath] = set.value }
    }

    /// Tells the current thread's tracker, if any, that `object`'s storage was read.
    ///
    /// Inlined into the property's getter, like the getter into its accessor, so that the
    /// storage key path is a literal the optimizer folds; it does more than load the thread-local
    /// tracker only during a tracked read (a
    /// registration, a removal or count by key path, a manual change pair, a collection proxy, a
    /// derived observation's re-read). When the storage already has its registry, the storage
    /// is only read, with no modify access (whose dynamic exclusivity check cost about 90
    /// instructions per registration), and the access is named by the key path the registry was
    /// made with. Every registry is made here or by the getter and setter of its own property,
    /// from the same literals, so that is the accessor's key path; a storage copied from
    /// another property (`_a = _b`, not a pattern the library supports: it shares `_b`'s
    /// registry) is read as `_b`. A storage replaced with a fresh `Observed(wrappedValue:)` has
    /// no registry, and gets one here.
    ///
    /// The key paths come as a closure that returns the accessor's literals, which only the
    /// read of the registry (folded into a direct access) and `registryCreated(on:keyPaths:)`
    /// call: the optimizer moves the literals into the specialized closure (capture
    /// propagation), so that a getter no longer instantiates the wrapped key path on every
    /// read, tracked or not. Passed as key paths, both were instantiated and released on every
    /// read: callgrind, a plain read of an `@Observed` `Int` 304 -> 205 instructions (the
    /// storage key path is still instantiated), observe-bench b W4/10k 2,558 -> 2,280.
    @inlinable
    @inline(__always)
    static func recordAccess<EnclosingSelf: KeyValueObservable>(
        object: EnclosingSelf,
        keyPaths: () -> KeyPaths<EnclosingSelf>
    ) {
        guard let tracker = AccessTracking.current else { return }
        let registry =
            object[keyPath: keyPaths().storage].registry ?? registryCreated(on: object, keyPaths: keyPaths)
        tracker.pointee.record(
            TrackedAccess(registry: registry, object: ObjectIdentifier(object)))
    }

    /// The property's key paths: of the wrapped value and of its storage.
    @usableFromInline
    typealias KeyPaths<EnclosingSelf> = (
        wrapped: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    )

    /// Creates the registry of a property read during tracking that has none yet, with the key
    /// paths `keyPaths` returns (see `recordAccess(object:keyPaths:)`).
    @inlinable
    @inline(never)
    static func registryCreated<EnclosingSelf: KeyValueObservable>(
        on object: EnclosingSelf, keyPaths: () -> KeyPaths<EnclosingSelf>
    ) -> PropertyRegistry<Value> {
        let (wrappedKeyPath, storageKeyPath) = keyPaths()
        return object[keyPath: storageKeyPath]
            .registryCreatingIfNeeded(storage: storageKeyPath, wrapped: wrappedKeyPath, object: object)
    }

    /// Creates the property's registry if `object` is observed whole (the caller has checked
    /// that the property has none yet), so that the set about to be made reaches the
    /// whole-object observation.
    ///
    /// Inlinable, to be specialized for the class (an unspecialized key-path access costs
    /// about 200 ns), but never inlined, to keep the setter small.
    @inlinable
    @inline(never)
    static func prepareForWholeObjectObservation<EnclosingSelf: KeyValueObservable>(
        _ object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) {
        // The caller checked that the property has no registry, where that read is a direct
        // stored access (here it would be a key-path projection).
        guard WholeObjectObservation.isObserved(object) else { return }
        _ = object[keyPath: storageKeyPath]
            .registryCreatingIfNeeded(storage: storageKeyPath, wrapped: wrappedKeyPath, object: object)
    }

    @inlinable
    mutating func registryCreatingIfNeeded(
        storage storageKeyPath: AnyKeyPath, wrapped wrappedKeyPath: AnyKeyPath, object: AnyObject
    )
        -> PropertyRegistry<Value>
    {
        if let registry { return registry }
        let created = PropertyRegistry<Value>(storageKeyPath: storageKeyPath, wrappedKeyPath: wrappedKeyPath)
        registry = created
        if WholeObjectObservation.isActive { WholeObjectObservation.registryWasCreated(created, for: object) }
        return created
    }
}

extension Observed where Value: ExpressibleByNilLiteral {
    /// Creates optional storage that starts as `nil`.
    public init() {
        self.init(wrappedValue: nil)
    }
}
