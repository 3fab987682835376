extension PropertyRegistry {
    /// A `willChangeValue(for:)` of the registry's key path (KVO's `willChangeValue(forKey:)`):
    /// opens the pair, or nests in the one open.
    ///
    /// At the outermost level, sends the prior notifications, and enters the pair in the
    /// delivery machine when nothing is being delivered, so that sets made inside it join it;
    /// then tells the pair's `dependents` that their value is about to change.
    ///
    /// Sets made by the prior callbacks of a pair the machine joined are stored here, each as a
    /// set of its own with its own notifications, once the prior calls are sent, when
    /// `storesPriorSets`: the code between `willChangeValue` and `didChangeValue` then reads
    /// them, and its own sets join the pair (KVO stores them at once, inside the prior
    /// callback). Otherwise they wait for the pair, and so do the sets made inside it.
    ///
    /// - Parameters:
    ///   - kind: The kind of change the pair reports.
    ///   - indexes: The indexes it reports, if any.
    ///   - oldValue: The old value, read now; evaluated only at the outermost level.
    ///   - object: The object whose key path changes.
    ///   - storesPriorSets: Whether the prior callbacks' sets are stored before the pair's body
    ///     runs; `false` for a collection proxy's pair, whose body applies indexes worked out
    ///     before `willChangeValue`.
    ///   - dependents: The derived observations told besides this registry's own; evaluated
    ///     only at the outermost level.
    /// - Returns: The first set deferred meanwhile, when a `didChangeValue` from one of the
    ///   prior callbacks closed the pair (as `endManualChange` returns it), else `nil`.
    func beginManualChange(
        kind: KeyValueChangeKind, indexes: Set<Int>?, oldValue: @autoclosure () -> Value?, object: AnyObject,
        storesPriorSets: Bool = true, dependents: () -> [any DependencyOwner]
    ) -> DeferredSet? {
        guard let pair = machine.openPair(kind: kind, indexes: indexes, oldValue: oldValue()) else {
            return nil
        }
        let (snapshot, hasPrior) = snapshot()
        let isJoined = machine.beginManualChange(sendsPrior: hasPrior)
        // Recorded before the prior calls, which may close the pair.
        pair.entries = snapshot
        pair.isJoined = isJoined
        if hasPrior {
            sendsManualPrior = true
            deliverPrior(pair.priorChange, object: object, snapshot: snapshot)
            sendsManualPrior = false
            if isJoined, machine.phase == .manualPrior { machine.priorPhaseEnded() }
        }
        guard machine.pair === pair else {
            // A `didChangeValue` from a prior callback closed the pair, and notified it, while
            // the machine was still sending its prior calls: the machine leaves the pair now,
            // as that `didChangeValue` would have, so that later sets notify again.
            guard isJoined, machine.manualChangeEnded() else { return nil }
            return deliverQueuedSets(object: object)
        }
        pair.isJoined = isJoined && machine.phase == .manual
        pair.dependents = dependents()
        for observation in pair.dependents {
            observation.dependencyWillChange(isStored: false, from: ObjectIdentifier(self))
        }
        if storesPriorSets, pair.isJoined, let first = machine.leavePairForDeferredSets() {
            _ = performChange(describedAs: first.collectionChange, on: object, asSet: true) {
                $0 = first.value
            }
            pair.isJoined = machine.rejoinPair(pair)
        }
        return nil
    }

    /// A `didChangeValue(for:)` of the registry's key path (KVO's `didChangeValue(forKey:)`):
    /// closes one level of the pair open, and at its outermost level notifies the pair (with
    /// the old value read at `willChangeValue` and `newValue` read now), then delivers what
    /// the notification queued, then tells the pair's dependents.
    ///
    /// - Parameters:
    ///   - newValue: The new value, read now; evaluated only at the outermost level.
    ///   - object: The object whose key path changed.
    /// - Returns: Whether a pair was open; and the first set deferred meanwhile (made from a
    ///   callback), which the caller stores as a set of its own (`performChange`), or `nil`.
    func endManualChange(newValue: () -> Value?, object: AnyObject) -> (wasOpen: Bool, deferred: DeferredSet?)
    {
        let isOpen = machine.pair != nil
        guard let pair = machine.closePair() else { return (isOpen, nil) }
        // Entered before delivering, so that sets from the callbacks are queued; a pair begun
        // inside a notification of the property is delivered on its own, nested.
        let isInMachine = pair.isJoined && machine.manualChangeEnded()
        deliver(pair.change(newValue: newValue()), to: pair.entries, object: object)
        let deferred = isInMachine ? deliverQueuedSets(object: object) : nil
        for observation in pair.dependents { observation.dependencyDidChange(from: ObjectIdentifier(self)) }
        return (true, deferred)
    }
}
