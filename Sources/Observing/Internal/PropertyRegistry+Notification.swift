extension PropertyRegistry {
    /// A notification under way: the change and the entries to tell, fixed before the store
    /// so that an observer added by a prior callback misses the notification in flight.
    @usableFromInline
    struct Delivery {
        @usableFromInline let change: KeyValueObservedChange<Value>
        @usableFromInline let snapshot: ContiguousArray<EntryBase?>

        @inlinable
        init(change: KeyValueObservedChange<Value>, snapshot: ContiguousArray<EntryBase?>) {
            self.change = change
            self.snapshot = snapshot
        }
    }

    /// What the setter does after `beginSet`.
    @usableFromInline
    enum SetAction {
        /// Store, then call `endSet` with the delivery.
        case deliver(Delivery)
        /// Store; the notifications are queued behind the notification in flight.
        case storeAndQueue
        /// Do not store now: the value is stored, as a set of its own, after the set in flight.
        case deferStore
    }

    /// Starts one set of the property.
    ///
    /// Sends prior notifications while the property still reads `oldValue`; the setter then
    /// stores `newValue` and calls `endSet(_:object:)`.
    ///
    /// A set made while this registry is delivering (from inside a callback) is queued: stored
    /// at once and notified after the notification in flight, so every observer sees every
    /// value in set order and the final value last. A set made from a prior callback, before
    /// the store in flight, is deferred instead (and so is every later one until it is
    /// applied): the setter stores it after the set in flight completes, so that the store in
    /// flight does not overwrite it.
    ///
    /// Inlinable, like `Observed`'s setter that calls it: specialized in the user's module for
    /// the property's type, a delivery builds the change and calls each entry without looking
    /// up generic metadata (observe-bench W1/W2). The setter stores in between with a direct
    /// access, not through a closure or a key path.
    @inlinable
    func beginSet(object: AnyObject, oldValue: Value, newValue: Value) -> SetAction {
        if isDelivering {
            if isInPriorPhase || !deferredStores.isEmpty {
                deferredStores.append(newValue)
                return .deferStore
            }
            pending.append(makeChange(oldValue: oldValue, newValue: newValue))
            return .storeAndQueue
        }
        let change = makeChange(oldValue: oldValue, newValue: newValue)
        isDelivering = true
        lock.lock()
        let snapshot = list.elements
        let hasPrior = priorCount > 0
        lock.unlock()
        if hasPrior {
            isInPriorPhase = true
            deliverPrior(change, object: object, snapshot: snapshot)
            isInPriorPhase = false
        }
        return .deliver(Delivery(change: change, snapshot: snapshot))
    }

    /// The next value a prior callback set during the set that just completed, if any.
    @inlinable
    func takeDeferredStore() -> Value? {
        deferredStores.isEmpty ? nil : deferredStores.removeFirst()
    }

    /// Finishes a set started by `beginSet`: notifies after the store, then delivers the sets
    /// queued meanwhile.
    @inlinable
    func endSet(_ delivery: Delivery, object: AnyObject) {
        deliver(delivery.change, to: delivery.snapshot, object: object)
        if !pending.isEmpty { deliverPending(object: object) }
        isDelivering = false
    }

    /// Delivers the sets made from inside callbacks, in set order; the store already happened.
    @usableFromInline
    func deliverPending(object: AnyObject) {
        var index = 0
        while index < pending.count {
            let next = pending[index]
            index += 1
            lock.lock()
            let snapshot = list.elements
            let hasPrior = priorCount > 0
            lock.unlock()
            if hasPrior { deliverPrior(next, object: object, snapshot: snapshot) }
            deliver(next, to: snapshot, object: object)
        }
        pending.removeAll(keepingCapacity: true)
    }

    @inlinable
    func makeChange(oldValue: Value, newValue: Value) -> KeyValueObservedChange<Value> {
        if nextCollectionChange != nil { return takeCollectionChange() }
        return KeyValueObservedChange(kind: .setting, newValue: newValue, oldValue: oldValue)
    }

    /// The to-many change `MutableArrayValue` described for this set, consumed once.
    @usableFromInline
    func takeCollectionChange() -> KeyValueObservedChange<Value> {
        guard let collectionChange = nextCollectionChange else { return KeyValueObservedChange() }
        nextCollectionChange = nil
        return KeyValueObservedChange(
            kind: collectionChange.kind, newValue: collectionChange.new, oldValue: collectionChange.old,
            indexes: collectionChange.indexes)
    }

    @inlinable
    func deliver(
        _ change: KeyValueObservedChange<Value>, to snapshot: ContiguousArray<EntryBase?>, object: AnyObject
    ) {
        var sawDeadEntry = false
        // The snapshot keeps every entry alive, so the loop reads them unretained: a retain and
        // a release per entry and notification is most of what a delivery would cost.
        snapshot.withUnsafeBufferPointer { buffer in
            // Every entry of this registry is a `RegistryEntry<Value>`.
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
        let prior = change.priorChange
        var sawDeadEntry = false
        for case let base? in snapshot where base.options.contains(.prior) && base.isActive {
            // Every entry of this registry is a `RegistryEntry<Value>`.
            let entry = unsafeDowncast(base, to: Entry.self)
            if !entry.callback(object, prior) { sawDeadEntry = true }
        }
        if sawDeadEntry { pruneDeadEntries(snapshot) }
    }
}
