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
                    .registryCreatingIfNeeded(storage: storageKeyPath)
                EnclosingSelf._reportAccess(
                    object, keyPath: wrappedKeyPath, to: registry.observationRegistrarCreatingIfNeeded())
            }
            if AccessTracking.isActive {
                recordAccess(object: object, wrapped: wrappedKeyPath, storage: storageKeyPath)
            }
            return object[keyPath: storageKeyPath].value
        }
        // Always inlined into the property's accessor, where the storage key path is a literal
        // that the optimizer folds into a direct stored access.
        @inline(__always) set {
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
        // when no registration needs the old value; otherwise on a copy, which is then set.
        @inline(__always) _modify {
            guard let registry = object[keyPath: storageKeyPath].registry else {
                yield &object[keyPath: storageKeyPath].value
                return
            }
            guard let snapshot = registry.beginMutationInPlace() else {
                // Something needs the old value (or a notification is under way): mutate a
                // copy, then set it, as `get` and `set` would.
                let oldValue = object[keyPath: storageKeyPath].value
                var value = oldValue
                yield &value
                set(
                    value, registry: registry, oldValue: oldValue, object: object, wrapped: wrappedKeyPath,
                    storage: storageKeyPath)
                return
            }
            checkOwnership(of: registry, object: object, storage: storageKeyPath)
            let registrar = EnclosingSelf._reportsToObservation ? registry.observationRegistrar : nil
            if let registrar {
                // Observation's `willSet` runs trackers' `onChange` before the mutation; a set
                // made there is deferred, as during a store (see `PropertyRegistry.store`).
                registry.machine.reportedStoreBegins()
                EnclosingSelf._reportMutation(object, keyPath: wrappedKeyPath, isStored: false, to: registrar)
            }
            yield &object[keyPath: storageKeyPath].value
            if let registrar {
                EnclosingSelf._reportMutation(object, keyPath: wrappedKeyPath, isStored: true, to: registrar)
                registry.machine.priorPhaseEnded()
            }
            registry.endMutationInPlace(
                object: object, newValue: object[keyPath: storageKeyPath].value, snapshot: snapshot,
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
    }

    /// Stores `value` through the property's setter path: the closures `PropertyRegistry.set`
    /// takes, for the set made after a mutation of a copy and for deferred sets.
    @inlinable
    @inline(__always)
    static func set<EnclosingSelf: KeyValueObservable>(
        _ newValue: Value, registry: PropertyRegistry<Value>, oldValue: Value, object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) {
        registry.set(
            object: object, oldValue: oldValue, newValue: newValue,
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
    /// storage key path is a literal the optimizer folds; it runs only while a registration is
    /// being made.
    @inlinable
    @inline(__always)
    static func recordAccess<EnclosingSelf: KeyValueObservable>(
        object: EnclosingSelf,
        wrapped wrappedKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Value>,
        storage storageKeyPath: ReferenceWritableKeyPath<EnclosingSelf, Observed<Value>>
    ) {
        guard let tracker = AccessTracking.current else { return }
        let registry = object[keyPath: storageKeyPath].registryCreatingIfNeeded(storage: storageKeyPath)
        tracker.pointee.record(
            TrackedAccess(registry: registry, object: ObjectIdentifier(object), keyPath: wrappedKeyPath))
    }

    @inlinable
    mutating func registryCreatingIfNeeded(storage storageKeyPath: AnyKeyPath) -> PropertyRegistry<Value> {
        if let registry { return registry }
        let created = PropertyRegistry<Value>(storageKeyPath: storageKeyPath)
        registry = created
        return created
    }
}

extension Observed where Value: ExpressibleByNilLiteral {
    /// Creates optional storage that starts as `nil`.
    public init() {
        self.init(wrappedValue: nil)
    }
}
