extension PropertyRegistry {
    /// Sends the prior notifications of a manual change pair's outermost `willChangeValue`,
    /// and enters the pair in the delivery machine when nothing is being delivered, so that
    /// sets made inside the pair join it (KVO's `willChangeValue(forKey:)`).
    ///
    /// - Parameters:
    ///   - prior: The change the prior notifications carry (its old value read now).
    ///   - object: The object whose key path changes.
    /// - Returns: The registrations to notify at `didChangeValue` (fixed now, so that one
    ///   added meanwhile receives nothing from the pair), and whether the pair entered the
    ///   machine; pass both to `endManualChange`.
    func beginManualChange(_ prior: KeyValueObservedChange<Value>, object: AnyObject)
        -> (entries: ContiguousArray<EntryBase?>, isJoined: Bool)
    {
        let (snapshot, hasPrior) = snapshot()
        let isJoined = machine.beginManualChange(sendsPrior: hasPrior)
        if hasPrior {
            sendsManualPrior = true
            deliverPrior(prior, object: object, snapshot: snapshot)
            sendsManualPrior = false
        }
        // A prior callback may have replaced the storage, which resets the machine.
        if isJoined, hasPrior, machine.phase == .manualPrior { machine.priorPhaseEnded() }
        return (snapshot, isJoined && machine.phase == .manual)
    }

    /// Notifies a manual change pair's outermost `didChangeValue`, then delivers what the
    /// notification queued.
    ///
    /// - Parameters:
    ///   - change: The change, with the old value read at `willChangeValue` and the new
    ///     value read now.
    ///   - object: The object whose key path changed.
    ///   - snapshot: The registrations `beginManualChange` returned.
    ///   - isJoined: What `beginManualChange` returned.
    /// - Returns: The first set deferred meanwhile (made from a callback), which the caller
    ///   stores as a set of its own through the property's setter, or `nil`.
    func endManualChange(
        _ change: KeyValueObservedChange<Value>, object: AnyObject, snapshot: ContiguousArray<EntryBase?>,
        isJoined: Bool
    ) -> DeferredSet? {
        // Entered before delivering, so that sets from the callbacks are queued; a pair begun
        // inside a notification of the property is delivered on its own, nested.
        let isInMachine = isJoined && machine.manualChangeEnded()
        deliver(change, to: snapshot, object: object)
        return isInMachine ? deliverQueuedSets(object: object) : nil
    }
}
