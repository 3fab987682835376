extension PropertyRegistry {
    /// A notification under way: the change and the entries to tell, fixed before the store
    /// so that an observer added by a prior callback misses the notification in flight.
    @usableFromInline
    struct Delivery {
        @usableFromInline let change: KeyValueObservedChange<Value>
        @usableFromInline let snapshot: ContiguousArray<EntryBase?>
        /// Whether prior callbacks ran (user code that may have replaced the storage).
        @usableFromInline let sentPrior: Bool

        @inlinable
        init(change: KeyValueObservedChange<Value>, snapshot: ContiguousArray<EntryBase?>, sentPrior: Bool) {
            self.change = change
            self.snapshot = snapshot
            self.sentPrior = sentPrior
        }
    }

    /// What the setter does after `beginSet`.
    @usableFromInline
    enum SetAction {
        /// Store, then call `endSet` with the delivery.
        case deliver(Delivery)
        /// Store; the notification is queued behind the notification in flight.
        case storeAndQueue
        /// Do not store now: the value is stored, as a set of its own, after the set in flight.
        case deferStore
    }

    /// Starts one set of the property: the `beginSet` event of the delivery state machine.
    ///
    /// Idle: sends prior notifications while the property still reads `oldValue` and answers
    /// `.deliver`; the setter then stores `newValue` and calls `endSet(_:object:)`. A set made
    /// from a callback while a notification is under way is queued (stored at once, notified
    /// after the notification in flight, so every observer sees every value in set order); a
    /// set made from a prior callback, before the store in flight, is deferred (and so is
    /// every later one until it is stored), so that the store in flight does not overwrite it.
    ///
    /// Inlinable, like `Observed`'s setter that calls it: specialized in the user's module for
    /// the property's type, a delivery builds the change and calls each entry without looking
    /// up generic metadata (observe-bench W1/W2).
    @inlinable
    func beginSet(object: AnyObject, oldValue: Value, newValue: Value) -> SetAction {
        let collectionChange = nextCollectionChange
        if collectionChange != nil { nextCollectionChange = nil }
        let (snapshot, hasPrior) = snapshot()
        switch machine.beginSet(sendsPrior: hasPrior) {
        case .notify:
            let change = makeChange(
                oldValue: oldValue, newValue: newValue, collectionChange: collectionChange)
            if hasPrior {
                valueInPriorPhase = newValue
                deliverPrior(change, object: object, snapshot: snapshot)
                valueInPriorPhase = nil
                machine.priorPhaseEnded()
            }
            return .deliver(Delivery(change: change, snapshot: snapshot, sentPrior: hasPrior))
        case .queue:
            machine.enqueue(
                makeChange(oldValue: oldValue, newValue: newValue, collectionChange: collectionChange))
            return .storeAndQueue
        case .deferStore:
            machine.enqueueDeferred(DeferredSet(value: newValue, collectionChange: collectionChange))
            return .deferStore
        }
    }

    /// Finishes a set started by `beginSet`: notifies after the store, then delivers the sets
    /// queued meanwhile.
    ///
    /// - Returns: The next deferred set, which the setter stores as a set of its own (the
    ///   machine is idle again), or `nil` when nothing waits.
    @inlinable
    func endSet(_ delivery: Delivery, object: AnyObject) -> DeferredSet? {
        deliver(delivery.change, to: delivery.snapshot, object: object)
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
        nextCollectionChange = nil
        valueInPriorPhase = nil
        return machine.abandon()
    }

    @inlinable
    func makeChange(oldValue: Value, newValue: Value, collectionChange: CollectionChange?)
        -> KeyValueObservedChange<Value>
    {
        guard let collectionChange else {
            return KeyValueObservedChange(kind: .setting, newValue: newValue, oldValue: oldValue)
        }
        return KeyValueObservedChange(
            kind: collectionChange.kind, newValue: collectionChange.new, oldValue: collectionChange.old,
            indexes: collectionChange.indexes)
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

    @inlinable
    func deliver(
        _ change: KeyValueObservedChange<Value>, to snapshot: ContiguousArray<EntryBase?>, object: AnyObject
    ) {
        checkEntryTypes(snapshot)
        var sawDeadEntry = false
        // The snapshot keeps every entry alive, so the loop reads them unretained: a retain and
        // a release per entry and notification is most of what a delivery would cost.
        snapshot.withUnsafeBufferPointer { buffer in
            // Every entry of this registry is a `RegistryEntry<Value>` (checked above in the
            // internal-checks build), and `Unmanaged<Entry>?` has the layout of `EntryBase?`.
            buffer.withMemoryRebound(to: Unmanaged<Entry>?.self) { entries in
                for case let entry? in entries {
                    entry._withUnsafeGuaranteedRef { entry in
                        if entry.isActive, !entry.callback(object, change) { sawDeadEntry = true }
                    }
                }
            }
        }
        if sawDeadEntry { pruneDeadEntries(snapshot) }
    }

    @usableFromInline
    func deliverPrior(
        _ change: KeyValueObservedChange<Value>, object: AnyObject, snapshot: ContiguousArray<EntryBase?>
    ) {
        checkEntryTypes(snapshot)
        let prior = change.priorChange
        var sawDeadEntry = false
        for case let base? in snapshot where base.options.contains(.prior) && base.isActive {
            // Every entry of this registry is a `RegistryEntry<Value>` (checked above).
            let entry = unsafeDowncast(base, to: Entry.self)
            if !entry.callback(object, prior) { sawDeadEntry = true }
        }
        if sawDeadEntry { pruneDeadEntries(snapshot) }
    }
}
