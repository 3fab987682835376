import Observation

/// The observers of one `@Observed` property of one object.
///
/// Created lazily, on the first registration, and owned by the property's storage, so it
/// lives as long as the observed object (or until the storage is replaced). `RegistryCore`
/// keeps the registrations; this subclass delivers typed changes through its
/// `DeliveryStateMachine`.
///
/// The machine is touched only by the property's setter (and `MutableArrayValue`,
/// `MutableSetValue`), which runs in the observed object's isolation domain like the stored
/// value itself; it opts out of dynamic exclusivity checks for that reason.
@usableFromInline
final class PropertyRegistry<Value>: RegistryCore, @unchecked Sendable {
    // Sendable: registrations are under the lock (`RegistryCore`); the delivery state below
    // belongs to the observed object's isolation domain, as the property's value does.
    @usableFromInline typealias Entry = RegistryEntry<Value>
    @usableFromInline typealias Machine = DeliveryStateMachine<KeyValueObservedChange<Value>, DeferredSet>

    /// An element-level change of a to-many property, described before its store.
    @usableFromInline
    struct CollectionChange {
        @usableFromInline var kind: KeyValueChangeKind
        /// The positions changed; ignored for a set's change, which has none.
        @usableFromInline var indexes: Set<Int>
        @usableFromInline var old: Value?
        @usableFromInline var new: Value?
        /// Whether the change reports `indexes` (an array's) or `nil` (a set's).
        ///
        /// A flag rather than an optional `indexes`: the optional costs every notified set
        /// 13-22 instructions (callgrind, observe-bench b W1), for the nested optional it makes.
        @usableFromInline var hasIndexes = true
    }

    /// A set made from a prior callback, waiting for the set in flight to complete, or the
    /// set in flight during its prior phase.
    @usableFromInline
    struct DeferredSet: PendingStore {
        @usableFromInline var value: Value
        @usableFromInline var collectionChange: CollectionChange?

        @inlinable
        init(value: Value, collectionChange: CollectionChange?) {
            self.value = value
            self.collectionChange = collectionChange
        }
    }

    // Unchecked exclusivity below: only the owning isolation domain touches these, one access
    // at a time (the setter and `MutableArrayValue` run there, as the stored value's accesses do).
    #if OBSERVING_INTERNAL_CHECKS
        @exclusivity(unchecked) @usableFromInline var checkedMachine = Machine()
        /// The thread inside an access of `machine`, or 0; see `DomainStamp`.
        @usableFromInline let machineStamp = DomainStamp()
        /// The delivery machine, each access stamped with its thread: two threads inside it
        /// at once trap, naming the property, instead of racing unseen.
        @inlinable
        var machine: Machine {
            _read {
                let entered = machineStamp.enter(wrappedKeyPath)
                defer { machineStamp.leave(entered) }
                yield checkedMachine
            }
            _modify {
                let entered = machineStamp.enter(wrappedKeyPath)
                defer { machineStamp.leave(entered) }
                yield &checkedMachine
            }
        }
    #else
        @exclusivity(unchecked) @usableFromInline var machine = Machine()
    #endif
    /// The property's registrar for Swift's Observation module, on an `Observable` class;
    /// created at the first read, in the owning isolation domain.
    @exclusivity(unchecked) @usableFromInline var observationRegistrar: ObservationRegistrar?
    /// `==` for the value when it is `Equatable`, made with the registrar: a store of an equal
    /// value reports nothing to Observation, as the `@Observable` macro's setter does.
    @exclusivity(unchecked) @usableFromInline var observationEquality: ((Value, Value) -> Bool)?
    /// Whether `observationRegistrar` exists: the setter's test, without copying the registrar.
    @exclusivity(unchecked) @usableFromInline var reportsToObservation = false

    @usableFromInline
    init(storageKeyPath: AnyKeyPath, wrappedKeyPath: AnyKeyPath) {
        super.init(storageKeyPath: storageKeyPath, wrappedKeyPath: wrappedKeyPath)
    }

    /// The property's registrar for Swift's Observation module, created if needed.
    @inlinable
    func observationRegistrarCreatingIfNeeded() -> ObservationRegistrar {
        if let observationRegistrar { return observationRegistrar }
        let created = ObservationRegistrar()
        observationRegistrar = created
        observationEquality = observationEqualityCheck(for: Value.self)
        reportsToObservation = true
        return created
    }

    /// The value the property will hold once the set in flight and the deferred sets are
    /// stored, or `nil` when the machine holds no such value (see the machine's
    /// `valueAfterPendingStores`).
    ///
    /// `MutableArrayValue` builds on it, so that a prior callback may mutate twice.
    @usableFromInline
    var valueAfterPendingStores: Value? { machine.valueAfterPendingStores }

    @usableFromInline
    override func addDependency(
        owner: any DependencyOwner, wantsPrior: Bool, identity: ObserverIdentity?, anchor: AnyObject?
    ) -> any Registration {
        let entry = ExtendedRegistryEntry<Value>(
            options: wantsPrior ? [.prior] : [], identity: identity, owner: owner, isOwnedByToken: true,
            anchor: anchor
        ) { _, change in
            if change.isPrior { owner.dependencyWillChange() } else { owner.dependencyDidChange() }
            return true
        }
        add(entry)
        return RegistryEntryHandle(registry: self, entry: entry)
    }

    /// Adds an entry that hands each change of this property, untyped and with its new value,
    /// to a whole-object observation.
    @usableFromInline
    override func addWholeObjectEntry(owner: WholeObjectObservation) -> RegistryEntryHandle {
        let keyPath = wrappedKeyPath
        let entry = ExtendedRegistryEntry<Value>(
            options: [.new], identity: nil, owner: owner, isOwnedByToken: true, anchor: nil
        ) { _, change in
            // Boxed straight from `change`, as `ObserverEntry` does: this closure is not
            // specialized, and a filtered copy of the generic change would go through its value
            // witnesses. The entry asks for `.new` only, so there are no prior calls.
            let untyped = KeyValueChange(
                kind: change.kind, newValue: change.newValue.map { $0 }, indexes: change.indexes)
            owner.deliver(untyped, of: keyPath)
            return true
        }
        add(entry)
        return RegistryEntryHandle(registry: self, entry: entry)
    }
}
