extension PropertyRegistry {
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
    ///   - isOwned: Whether the storage still owns this registry (passed in, so that the
    ///     closures capture nothing but the object: a capture costs a retain per set).
    ///   - read: Reads the stored value.
    ///   - store: Stores a value on behalf of this registry.
    ///   - reapply: Sets values on the property again, through its setter.
    @inlinable
    @inline(__always)
    func set(
        object: AnyObject, oldValue: Value, newValue: Value, isOwned: (PropertyRegistry<Value>) -> Bool,
        read: () -> Value, store: (Value, PropertyRegistry<Value>) -> Void, reapply: ([DeferredSet]) -> Void
    ) {
        var (oldValue, newValue) = (oldValue, newValue)
        while true {
            let (snapshot, hasPrior) = snapshot()
            let action = machine.beginSet(sendsPrior: hasPrior, value: newValue) { collectionChange in
                Self.makeChange(oldValue: oldValue, newValue: newValue, collectionChange: collectionChange)
            }
            switch action {
            case .none:
                return
            case .store:
                self.store(newValue, using: store)
                return
            case .notify(let collectionChange):
                let change = Self.makeChange(
                    oldValue: oldValue, newValue: newValue, collectionChange: collectionChange)
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
                (oldValue, newValue) = (read(), deferred.value)
            }
        }
    }

    /// Begins a mutation of the property in place (`Observed`'s `_modify`): when nothing is
    /// under way and no entry needs the old value, enters the set's notification and returns
    /// the entries to notify once the mutation is done; otherwise returns `nil`, and the
    /// caller mutates a copy and sets it, as a set does.
    ///
    /// A mutation in place copies nothing, so an append to an array the property holds is
    /// amortized O(1); the price is that the old value is gone once the mutation ends, which is
    /// why an entry asking for `.prior`, `.old` or `.removeDuplicates` sends it down the
    /// copying path.
    @inlinable
    @inline(__always)
    func beginMutationInPlace() -> ContiguousArray<EntryBase?>? {
        guard machine.phase == .idle, let snapshot = snapshotForMutationInPlace() else { return nil }
        machine.beginMutationInPlace()
        return snapshot
    }

    /// Ends a mutation in place that `beginMutationInPlace()` began: notifies `snapshot` with
    /// the value the property now holds (no old value: no entry asked for one; a to-many
    /// description that `MutableArrayValue` left describes the change), then delivers what the
    /// notification queued.
    ///
    /// - Returns: The first set the notification deferred, which the caller stores as a set of
    ///   its own through the setter (the machine is idle again), or `nil`.
    @inlinable
    func endMutationInPlace(object: AnyObject, newValue: Value, snapshot: ContiguousArray<EntryBase?>)
        -> DeferredSet?
    {
        let change: KeyValueObservedChange<Value>
        if let collectionChange = machine.mutationInPlaceEnded() {
            change = Self.makeChange(
                oldValue: newValue, newValue: newValue, collectionChange: collectionChange)
        } else {
            change = KeyValueObservedChange(kind: .setting, newValue: newValue, oldValue: nil)
        }
        deliver(change, to: snapshot, object: object)
        return deliverQueuedSets(object: object)
    }

    /// Stores `value` through the setter's `store`.
    ///
    /// On an `Observable` class the store reports to Observation, whose trackers run their
    /// `onChange` in the `willSet` report, before the store, as `.prior` callbacks run. A set
    /// made there is deferred as one made from a prior callback is (stored after this one, as
    /// a set of its own), so that this store does not overwrite it: observers are told both
    /// values, and the last one they are told is the one the property reads.
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
            case .notify(let change):
                deliverQueued(change, object: object)
            }
        }
    }

    /// Delivers a set made from inside a callback; its store already happened.
    @usableFromInline
    func deliverQueued(_ change: KeyValueObservedChange<Value>, object: AnyObject) {
        let (snapshot, hasPrior) = snapshot()
        if hasPrior { deliverPrior(change, object: object, snapshot: snapshot) }
        deliver(change, to: snapshot, object: object)
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
    /// prior calls (`isPrior`: only the entries with `.prior`) and after calls.
    @inlinable
    func deliver(
        _ change: KeyValueObservedChange<Value>, to snapshot: ContiguousArray<EntryBase?>, object: AnyObject,
        isPrior: Bool = false
    ) {
        checkEntryTypes(snapshot)
        var sawDeadEntry = false
        // The snapshot keeps every entry alive, so the loop reads them unretained: a retain and
        // a release per entry and notification is most of what a delivery would cost.
        var filtered = FilteredChange<Value>()
        snapshot.withUnsafeBufferPointer { buffer in
            // Every entry of this registry is a `RegistryEntry<Value>` (checked above in the
            // internal-checks build), and `Unmanaged<Entry>?` has the layout of `EntryBase?`.
            buffer.withMemoryRebound(to: Unmanaged<Entry>?.self) { entries in
                for case let entry? in entries {
                    entry._withUnsafeGuaranteedRef { entry in
                        guard !isPrior || entry.wantsPrior else { return }
                        if entry.isActive, !entry.deliver(change, of: object, filtered: &filtered) {
                            sawDeadEntry = true
                        }
                    }
                }
            }
        }
        if sawDeadEntry { pruneDeadEntries(snapshot) }
    }

    /// Delivers the prior call of `change` to the entries of `snapshot` with `.prior`.
    @inlinable
    func deliverPrior(
        _ change: KeyValueObservedChange<Value>, object: AnyObject, snapshot: ContiguousArray<EntryBase?>
    ) {
        deliver(change.priorChange, to: snapshot, object: object, isPrior: true)
    }
}
