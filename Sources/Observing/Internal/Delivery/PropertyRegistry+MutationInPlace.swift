extension PropertyRegistry {
    /// A copy of the entry list for a mutation in place, and whether some entry takes a prior
    /// call that only reads (a derived observation's value before the change); `nil` when an
    /// entry needs the property's old value (`.prior`, `.old`, `.removeDuplicates`), which a
    /// mutation in place cannot keep.
    ///
    /// Always inlined, as `endMutationInPlace` is: each has one caller, `Observed`'s
    /// out-of-line `beginMutation` or `endMutation`, and a call of its own cost an append to an
    /// observed array about 50 instructions (callgrind b W9/10k, both: 749 -> 702).
    @inlinable
    @inline(__always)
    func snapshotForMutationInPlace() -> (entries: ContiguousArray<EntryBase?>, hasPrior: Bool)? {
        registrations.withLock { list in
            guard list.oldValueCount == 0 else { return nil }
            guard list.priorCount == 0 else {
                return list.priorCallsOnlyRead ? (list.entries.elements, true) : nil
            }
            return (list.entries.elements, false)
        }
    }

    /// Begins a mutation of the property in place (`Observed`'s `_modify`): when nothing is
    /// under way and no entry needs the old value, sends the prior calls that only read (a
    /// derived observation reads its value before the change, while the property still holds
    /// the old value), enters the set's notification and returns the entries to notify once
    /// the mutation is done; otherwise returns `nil`, and the caller mutates a copy and sets
    /// it, as a set does.
    ///
    /// A mutation in place copies nothing, so an append to an array the property holds is
    /// amortized O(1); the price is that the old value is gone once the mutation ends, which is
    /// why an entry asking for `.prior`, `.old` or `.removeDuplicates` sends it down the
    /// copying path. A derived observation that asks for `.old` reads its own value before the
    /// mutation and needs no copy.
    @inlinable
    @inline(__always)
    func beginMutationInPlace(object: AnyObject) -> ContiguousArray<EntryBase?>? {
        guard machine.phase == .idle, let (snapshot, hasPrior) = snapshotForMutationInPlace() else {
            return nil
        }
        // Before the machine delivers: only a queued set's prior calls come while it does
        // (`sendsPriorAfterStore`).
        if hasPrior { sendReadOnlyPriorCalls(object: object, snapshot: snapshot) }
        machine.beginMutationInPlace()
        return snapshot
    }

    /// Sends the prior calls of a mutation in place, all of which only read (out of line: the
    /// rare branch adds nothing to the inlined mutation).
    @usableFromInline
    @inline(never)
    func sendReadOnlyPriorCalls(object: AnyObject, snapshot: ContiguousArray<EntryBase?>) {
        deliverPrior(KeyValueObservedChange(kind: .setting), object: object, snapshot: snapshot)
    }

    /// Observation's `willSet` report of a mutation in place begins (`Observed`'s
    /// `beginMutation`, on an `Observable` class): its trackers' `onChange` runs now, as prior
    /// callbacks run, so a set made there is deferred until `mutationReportEnded()`.
    @inlinable
    func mutationReportBegins() {
        machine.reportedStoreBegins(storing: nil)
    }

    /// Observation's `didSet` report of a mutation in place has been made; sets are no longer
    /// deferred.
    @inlinable
    func mutationReportEnded() {
        machine.priorPhaseEnded()
    }

    /// Ends a mutation in place that `beginMutationInPlace()` began: notifies `snapshot` with
    /// the value the property now holds (no old value: no entry asked for one; a to-many
    /// mutation's `collectionChange` describes the change), then delivers what the
    /// notification queued.
    ///
    /// - Returns: The first set the notification deferred, which the caller stores as a set of
    ///   its own, with its description (the machine is idle again), or `nil`.
    @inlinable
    @inline(__always)
    func endMutationInPlace(
        object: AnyObject, newValue: consuming Value, snapshot: consuming ContiguousArray<EntryBase?>,
        collectionChange: consuming CollectionChange?
    )
        -> DeferredSet?
    {
        guard let collectionChange else {
            // A `.setting` with the new value only: a handler asking for `.new` gets it as it is.
            let change = KeyValueObservedChange(kind: .setting, newValue: newValue, oldValue: nil)
            deliver(
                change, to: snapshot, object: object, isPrior: false, form: NewValueObjectHandlerForm.self)
            return deliverQueuedSets(object: object)
        }
        let change = Self.makeChange(
            oldValue: newValue, newValue: newValue, collectionChange: collectionChange)
        deliver(change, to: snapshot, object: object)
        return deliverQueuedSets(object: object)
    }
}
