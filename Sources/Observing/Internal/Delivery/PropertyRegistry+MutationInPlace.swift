extension PropertyRegistry {
    /// A copy of the entry list for a mutation in place, or `nil` when an entry needs the old
    /// value (`.prior`, `.old`, `.removeDuplicates`), which a mutation in place cannot keep.
    @inlinable
    func snapshotForMutationInPlace() -> ContiguousArray<EntryBase?>? {
        registrations.withLock { list in
            list.priorCount == 0 && list.oldValueCount == 0 ? list.entries.elements : nil
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
}
