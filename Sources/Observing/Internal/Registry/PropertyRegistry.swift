import Observation

/// The observers of one `@Observed` property of one object.
///
/// Created lazily, on the first registration, and owned by the property's storage, so it
/// lives as long as the observed object (or until the storage is replaced). `RegistryCore`
/// keeps the registrations; this subclass delivers typed changes through its
/// `DeliveryStateMachine`. A set's driver (`set`, the snapshot, the store and the one delivery
/// loop) is in this file, which a set enters from `Observed`'s setter and leaves for the
/// machine and the entries; a mutation in place and a manual change pair drive the same
/// machine from their own files.
///
/// The machine is touched only by the property's setter (and `MutableArrayValue`,
/// `MutableSetValue`), which runs in the observed object's isolation domain like the stored
/// value itself; it opts out of dynamic exclusivity checks for that reason.
@usableFromInline
final class PropertyRegistry<Value>: RegistryCore, @unchecked Sendable {
    // Sendable: registrations are under the lock (`RegistryCore`); the delivery state below
    // belongs to the observed object's isolation domain, as the property's value does.
    @usableFromInline typealias Entry = RegistryEntry<Value>
    @usableFromInline typealias Machine = DeliveryStateMachine<Value, CollectionChange, QueuedNotification>
    /// A set made from a prior callback, waiting for the set in flight to complete.
    @usableFromInline typealias DeferredSet = Machine.DeferredSet

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

    /// The notification of a set made from a callback while another is delivered: stored at
    /// once, notified after the one in flight, to the registrations listed when it was stored.
    ///
    /// The list is read just before the store (a retain, no copy): an observer registered after
    /// the store, by a later callback of the notification in flight, has read the stored value
    /// already (its `.initial` call reports it) and receives nothing from this change, as in
    /// KVO, which delivers the nested set before such an observer registers.
    ///
    /// `hasPrior` says whether the notification sends prior calls: for an `@Observed` set,
    /// whether a listed entry asked for them; for an `ObservableProperty`, `true` for a set and
    /// `false` for a queued `.initial` call, which is no change.
    @usableFromInline
    struct QueuedNotification {
        @usableFromInline var change: KeyValueObservedChange<Value>
        @usableFromInline var entries: ContiguousArray<EntryBase?>
        @usableFromInline var hasPrior: Bool

        @inlinable
        init(change: KeyValueObservedChange<Value>, entries: ContiguousArray<EntryBase?>, hasPrior: Bool) {
            self.change = change
            self.entries = entries
            self.hasPrior = hasPrior
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
                let entered = machineStamp.enter(storageKeyPath)
                defer { machineStamp.leave(entered) }
                yield checkedMachine
            }
            _modify {
                let entered = machineStamp.enter(storageKeyPath)
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
    /// Whether a manual pair's prior calls are being sent (`beginManualChange`), which come
    /// before its change even inside a notification of the property.
    @exclusivity(unchecked) var sendsManualPrior = false

    /// Whether the prior calls being sent are of a set already stored.
    ///
    /// A derived observation then does not take the value it reads for the old value: a queued set's
    /// (`deliverQueued`), the only prior calls sent while the machine delivers but a manual
    /// pair's. Read from the machine's phase, so that the set's path sets no flag (a store
    /// around `deliverQueued`'s prior calls cost the set's inlined loop, observe-bench b W2
    /// 4,356 -> 4,451 instructions per set, callgrind).
    var sendsPriorAfterStore: Bool { machine.phase == .delivering && !sendsManualPrior }

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
    override func addDependency(owner: any DependencyOwner, priorCalls: DependencyPriorCalls)
        -> ObservationToken
    {
        // An `ObservableProperty` stores each set before any call, prior calls included: the
        // value read then is the new one, never the old.
        let storesBeforePriorCalls = wrappedKeyPath is KeyPath<ObservableProperty<Value>, Value>
        let registry = ObjectIdentifier(self)
        let entry = ExtendedRegistryEntry<Value>(
            options: priorCalls == .none ? [] : [.prior], owner: owner, isOwnedByToken: true,
            priorCallOnlyReads: priorCalls == .readOnly
        ) { [unowned self] _, change in
            // Unowned: the registry owns the entry and is the only caller of its callback.
            if change.isPrior {
                owner.dependencyWillChange(
                    isStored: storesBeforePriorCalls || sendsPriorAfterStore, from: registry)
            } else {
                owner.dependencyDidChange(from: registry)
            }
            return true
        }
        add(entry)
        return ObservationToken(registrations: registrations, entry: entry)
    }

    /// An `ObservableProperty`'s own state, whose machine delivers this registry's changes
    /// (this registry's `machine` then stays idle); `nil` for an `@Observed` property.
    ///
    /// Unowned and unchecked: read only by `takeOutOfWaitingChanges`, while a delivery loop of
    /// this registry runs, which only the property's own methods start (it is alive).
    unowned(unsafe) var propertyState: LockedState<ObservableProperty<Value>.State>?

    /// Moves `entry` out of the notifications queued in the machine that delivers this
    /// registry and out of its open manual pair, leaving empty slots (`DeliveryFrame.takeOut`).
    override func takeOutOfWaitingChanges(_ entry: EntryBase, into taken: inout [EntryBase]) {
        if let propertyState {
            propertyState.withLockAssumed { state in
                state.machine.updateWaitingNotifications {
                    DeliveryFrame.move(entry, outOf: &$0.entries, into: &taken)
                }
            }
            return
        }
        machine.updateWaitingNotifications { DeliveryFrame.move(entry, outOf: &$0.entries, into: &taken) }
        if let pair = machine.pair { DeliveryFrame.move(entry, outOf: &pair.entries, into: &taken) }
    }

    /// Adds an entry that hands each change of this property, untyped and with its new value,
    /// to a whole-object observation.
    @usableFromInline
    override func addWholeObjectEntry(owner: WholeObjectObservation) -> ObservationToken {
        let keyPath = wrappedKeyPath
        let valuesType = ChangeValuesWithNew<Value>.self
        let entry = ExtendedRegistryEntry<Value>(
            options: [.new], owner: owner, isOwnedByToken: true
        ) { _, change in
            // Made straight from `change`, as `ObserverEntry` does, the value kept typed: this
            // closure is not specialized, and a filtered copy of the generic change would go
            // through its value witnesses. The entry asks for `.new` only, so there are no prior
            // calls.
            owner.deliver(Self.untypedNewValueChange(change, valuesType: valuesType), of: keyPath)
            return true
        }
        add(entry)
        return ObservationToken(registrations: registrations, entry: entry)
    }
}

extension PropertyRegistry {
    /// The untyped form of `change` with its new value and indexes, the value kept typed in a
    /// `valuesType`, found once by the caller: from unspecialized code, the generic class's
    /// metadata is looked up on every allocation (observe-bench bw W1, callgrind).
    static func untypedNewValueChange(
        _ change: KeyValueObservedChange<Value>, valuesType: ChangeValuesWithNew<Value>.Type
    ) -> KeyValueChange {
        let values: ChangeValues? =
            if let newValue = change.newValue {
                valuesType.init(newValue, oldBox: nil, indexes: change.indexes, bits: 0)
            } else {
                ChangeValues.make(newValue: Value?.none, oldBox: nil, indexes: change.indexes)
            }
        return KeyValueChange(kind: change.kind, values: values, isPrior: false)
    }
}

// MARK: - A set's delivery

extension PropertyRegistry {
    /// A copy of the entry list, for one notification (a retain, no allocation), and whether
    /// any entry asks for prior notifications.
    @inlinable
    func snapshot() -> (entries: ContiguousArray<EntryBase?>, hasPrior: Bool) {
        registrations.withLock { ($0.entries.elements, $0.priorCount > 0) }
    }

    /// Carries out one set of the property, driving the delivery state machine: the storage
    /// is reached through the closures, which the setter supplies.
    ///
    /// Idle: sends prior notifications while the property still reads `oldValue`, stores
    /// `newValue`, notifies with the entries fixed before the store (so an observer added by a
    /// prior callback misses the notification in flight), then delivers the sets queued
    /// meanwhile. A set made from a callback while a notification is under way is queued:
    /// stored at once, notified after the notification in flight, so every observer sees
    /// every value in set order. A set made from a prior callback, before the store in
    /// flight, is deferred (and so is every later one until it is stored), so that the store
    /// in flight does not overwrite it; each deferred set is then stored, as a set of its own,
    /// by this loop.
    ///
    /// If a callback replaced the storage (`_name = Observed(...)`), this registry stops: the
    /// rest of its deferred sets go to `reapply`, which sets them on the new storage.
    ///
    /// Inlinable and always inlined into `Observed`'s setter: specialized in the user's module
    /// for the property's type, the closures fold into direct stored accesses and a delivery
    /// builds the change and calls each entry without generic metadata (observe-bench W1/W2).
    ///
    /// - Parameters:
    ///   - object: The object whose property is set.
    ///   - oldValue: The value the storage holds.
    ///   - newValue: The value to store.
    ///   - collectionChange: How the set changes a to-many value, for its notification
    ///     (`MutableArrayValue`, `MutableSetValue`); `nil` for a plain set.
    ///   - isOwned: Whether the storage still owns this registry (passed in, so that the
    ///     closures capture nothing but the object: a capture costs a retain per set).
    ///   - read: Reads the stored value.
    ///   - store: Stores a value on behalf of this registry.
    ///   - reapply: Sets values on the property again, through its setter: the sets a replaced
    ///     storage deferred.
    @inlinable
    @inline(__always)
    func set(
        object: AnyObject, oldValue: Value, newValue: Value, collectionChange: CollectionChange? = nil,
        isOwned: (PropertyRegistry<Value>) -> Bool, read: () -> Value,
        store: (Value, PropertyRegistry<Value>) -> Void,
        reapply: ([DeferredSet]) -> Void
    ) {
        var (oldValue, newValue, collectionChange) = (oldValue, newValue, collectionChange)
        while true {
            let (snapshot, hasPrior) = snapshot()
            let action = machine.beginSet(
                sendsPrior: hasPrior, value: newValue, collectionChange: collectionChange
            ) {
                queuedNotification(
                    Self.makeChange(
                        oldValue: oldValue, newValue: newValue, collectionChange: collectionChange))
            }
            switch action {
            case .none:
                return
            case .store:
                self.store(newValue, using: store)
                if reportsToObservation, machine.phase == .manual {
                    storeSetsMadeDuringReport(object: object)
                }
                return
            case .notify:
                let change = Self.makeChange(
                    oldValue: oldValue, newValue: newValue, collectionChange: consume collectionChange)
                if hasPrior {
                    deliverPrior(change, object: object, snapshot: snapshot)
                    machine.priorPhaseEnded()
                    guard isOwned(self) else {
                        reapply(storageWasReplaced())
                        return
                    }
                }
                self.store(newValue, using: store)
                deliver(change, to: snapshot, object: object)
                guard let deferred = deliverQueuedSets(object: object) else { return }
                guard isOwned(self) else {
                    reapply([deferred] + storageWasReplaced())
                    return
                }
                (oldValue, newValue, collectionChange) = (read(), deferred.value, deferred.collectionChange)
            }
        }
    }

    /// Stores `value` through the setter's `store`.
    ///
    /// On an `Observable` class the store reports to Observation, whose trackers run their
    /// `onChange` in the `willSet` report, before the store, as `.prior` callbacks run. A set
    /// made there is deferred as one made from a prior callback is (stored after this one, as
    /// a set of its own), so that this store does not overwrite it: observers are told both
    /// values, and the last one they are told is the one the property reads. Inside a
    /// `willChangeValue`/`didChangeValue` pair, `set` stores them right after this store
    /// (`storeSetsMadeDuringReport`), and they join the pair, as the pair's other sets do, or
    /// notify on their own if an `onChange` closed the pair.
    @inlinable
    @inline(__always)
    func store(_ value: Value, using store: (Value, PropertyRegistry<Value>) -> Void) {
        guard reportsToObservation else {
            store(value, self)
            return
        }
        machine.reportedStoreBegins(storing: value)
        store(value, self)
        machine.priorPhaseEnded()
    }

    /// Stores the sets that Observation's `onChange` made while a store inside a manual pair
    /// reported to Observation, each with its description, through the property's own set path
    /// (`performChange`): they join the pair, or, if an `onChange` closed it meanwhile, notify
    /// on their own.
    ///
    /// Out of line, and given only the object: the rare branch adds no closure or key path to
    /// the inlined setter.
    @usableFromInline
    @inline(never)
    func storeSetsMadeDuringReport(object: AnyObject) {
        guard let sets = machine.takeSetsAfterStoreInPair() else { return }
        for set in sets {
            _ = performChange(describedAs: set.collectionChange, on: object, asSet: true) { $0 = set.value }
        }
    }

    /// Delivers the sets queued during the notification that just ended; the
    /// `notificationEnded` events of the machine.
    ///
    /// - Returns: The next deferred set, which `set` stores as a set of its own (the machine
    ///   is idle again), or `nil` when nothing waits.
    @inlinable
    @inline(__always)
    func deliverQueuedSets(object: AnyObject) -> DeferredSet? {
        while true {
            switch machine.notificationEnded() {
            case .finish:
                return nil
            case .store(let deferred):
                return deferred
            case .notify(let queued):
                deliverQueued(queued, object: object)
            }
        }
    }

    /// The notification of a set queued behind the one in flight, to the registrations listed
    /// now, just before its store; out of line, so that the rare branch adds nothing to the
    /// inlined set.
    @usableFromInline
    @inline(never)
    func queuedNotification(_ change: KeyValueObservedChange<Value>) -> QueuedNotification {
        let (entries, hasPrior) = snapshot()
        return QueuedNotification(change: change, entries: entries, hasPrior: hasPrior)
    }

    /// Delivers a set made from inside a callback, whose store already happened, to the
    /// registrations listed at its store (those removed since are inactive and skipped).
    ///
    /// Out of line: inlined (the benchmark's cross-module optimization does it once the body is
    /// this small), its two delivery loops changed the register allocation of the set's own
    /// loop, which cost b W2 two instructions per delivery (callgrind).
    @usableFromInline
    @inline(never)
    func deliverQueued(_ queued: QueuedNotification, object: AnyObject) {
        if queued.hasPrior { deliverPrior(queued.change, object: object, snapshot: queued.entries) }
        deliver(queued.change, to: queued.entries, object: object)
    }

    /// Ends this registry's part in the set in flight because a callback replaced the
    /// property's storage (`_name = Observed(...)`): returns the deferred sets that were not
    /// stored, which the setter applies to the new storage.
    @usableFromInline
    func storageWasReplaced() -> [DeferredSet] {
        machine.abandon()
    }

    @inlinable
    static func makeChange(oldValue: Value, newValue: Value, collectionChange: CollectionChange?)
        -> KeyValueObservedChange<Value>
    {
        guard let collectionChange else {
            return KeyValueObservedChange(kind: .setting, newValue: newValue, oldValue: oldValue)
        }
        return KeyValueObservedChange(
            kind: collectionChange.kind, newValue: collectionChange.new, oldValue: collectionChange.old,
            indexes: collectionChange.hasIndexes ? collectionChange.indexes : nil)
    }

    /// In the internal-checks build, traps unless every entry of `snapshot` is an `Entry`,
    /// which the unsafe casts of the delivery loops assume.
    @inlinable
    func checkEntryTypes(_ snapshot: ContiguousArray<EntryBase?>) {
        #if OBSERVING_INTERNAL_CHECKS
            for case let entry? in snapshot {
                precondition(entry is Entry, "entry \(type(of: entry)) in a registry of \(Value.self)")
            }
        #endif
    }

    /// Delivers `change` to the active entries of `snapshot`, in registration order.
    ///
    /// Then removes those that found their observer or target gone. The one delivery loop, for
    /// prior calls (`isPrior`: only the entries with `.prior`) and after calls, of an observed
    /// object's property.
    @inlinable
    func deliver(
        _ change: KeyValueObservedChange<Value>, to snapshot: ContiguousArray<EntryBase?>, object: AnyObject,
        isPrior: Bool = false
    ) {
        deliver(change, to: snapshot, object: object, isPrior: isPrior, form: ObjectHandlerForm.self)
    }

    /// The one delivery loop, for the handlers of `form`: an `@Observed` property's or a key
    /// path's (`ObjectHandlerForm`, through `deliver(_:to:object:isPrior:)`) or an
    /// `ObservableProperty`'s (`ChangeHandlerForm`, whose after calls also send each entry's
    /// prior call just before its own).
    ///
    /// Always inlined, so that `form` is a constant in each caller: neither kind of registry
    /// pays a branch per entry for the other.
    @inlinable
    @inline(__always)
    func deliver<Form: HandlerForm>(
        _ change: KeyValueObservedChange<Value>, to snapshot: ContiguousArray<EntryBase?>, object: AnyObject,
        isPrior: Bool, form: Form.Type
    ) {
        checkEntryTypes(snapshot)
        var sawDeadEntry = false
        // The snapshot keeps alive every entry the loop may still call (`DeliveryFrame.takeOut`
        // empties only slots it will skip), so the loop reads them unretained: a retain and
        // a release per entry and notification is most of what a delivery would cost.
        var filtered = KeyValueObservedChange<Value>.Filtered()
        var observers = Form.ObserverValues()
        snapshot.withUnsafeBufferPointer { buffer in
            // Every entry of this registry is a `RegistryEntry<Value>` (checked above in the
            // internal-checks build), and `Unmanaged<Entry>?` has the layout of `EntryBase?`.
            buffer.withMemoryRebound(to: Unmanaged<Entry>?.self) { entries in
                guard entries.count > 1 else {
                    if let only = entries.first, let entry = only {
                        deliver(
                            change, to: entry, object: object, isPrior: isPrior, filtered: &filtered,
                            observers: &observers, sawDeadEntry: &sawDeadEntry, inLoop: false, form: form)
                    }
                    return
                }
                // Another handler of this notification may end a registration listed here: the
                // loop publishes its frame, so that the token's removal empties the slot and
                // releases the handler at once (`DeliveryFrame`); the slots are read one at a
                // time, after the call before, and an empty one is skipped. The frame is in a
                // temporary allocation, which it leaves before the closure returns, rather than
                // a local under `withUnsafeMutablePointer`: the loop then keeps one register
                // more (callgrind, observe-bench b W2: 4,789 -> 4,696 instructions per set).
                withUnsafeTemporaryAllocation(of: DeliveryFrame.self, capacity: 1) { frames in
                    let frame = frames.baseAddress.unsafelyUnwrapped
                    frame.initialize(
                        to: DeliveryFrame(
                            registry: self, slots: UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped),
                            count: entries.count))
                    DeliveryFrame.enter(frame)
                    var slot = entries.baseAddress.unsafelyUnwrapped
                    let end = slot + entries.count
                    while slot != end {
                        let current = slot
                        slot += 1
                        guard let entry = current.pointee else { continue }
                        frame.pointee.current = UnsafeRawPointer(entry.toOpaque())
                        deliver(
                            change, to: entry, object: object, isPrior: isPrior, filtered: &filtered,
                            observers: &observers, sawDeadEntry: &sawDeadEntry, inLoop: true, form: form)
                    }
                    DeliveryFrame.leave(frame)
                }
            }
        }
        observers.release()
        if sawDeadEntry { pruneDeadEntries(snapshot) }
    }

    /// One step of the delivery loop: delivers `change` to `entry` if it is active (and, for
    /// prior calls, asked for them), reading it unretained (the loop's copy holds it); sets
    /// `sawDeadEntry` when the entry found its observer or target gone; `inLoop` when the loop
    /// runs over several entries (see `KeyValueObservedChange.Filtered.filter`).
    @inlinable
    @inline(__always)
    func deliver<Form: HandlerForm>(
        _ change: KeyValueObservedChange<Value>, to entry: Unmanaged<Entry>, object: AnyObject, isPrior: Bool,
        filtered: inout KeyValueObservedChange<Value>.Filtered, observers: inout Form.ObserverValues,
        sawDeadEntry: inout Bool, inLoop: Bool, form: Form.Type
    ) {
        entry._withUnsafeGuaranteedRef { entry in
            guard !isPrior || entry.wantsPrior else { return }
            if Form.sendsPriorWithEachEntry, entry.wantsPrior, entry.isActive,
                !entry.deliver(change.priorChange, of: object, form: form)
            {
                sawDeadEntry = true
            }
            if entry.isActive,
                !entry.deliver(
                    change, of: object, filtered: &filtered, observers: &observers, inLoop: inLoop, form: form
                )
            {
                sawDeadEntry = true
            }
        }
    }

    /// Delivers the prior call of `change` to the entries of `snapshot` with `.prior`.
    @inlinable
    func deliverPrior(
        _ change: KeyValueObservedChange<Value>, object: AnyObject, snapshot: ContiguousArray<EntryBase?>
    ) {
        deliver(change.priorChange, to: snapshot, object: object, isPrior: true)
    }
}
