import Dispatch

/// The callbacks of registrations whose entry does not hold their handler: on a queue, with
/// `.removeDuplicates`, or through a binding or a sequence, for the properties of an
/// `Object` (an observed object, or an `ObservableProperty`, which its delivery loop passes as
/// the object).
@usableFromInline
enum EntryCallbacks<Object: AnyObject, Value> {
    /// An entry callback that filters each change by `options` and passes it on typed.
    @inlinable
    static func callback(
        options: KeyValueObservingOptions,
        _ delivery: @escaping (Object, KeyValueObservedChange<Value>) -> Bool
    ) -> RegistryEntry<Value>.Callback {
        let wantsNew = options.contains(.new)
        let wantsOld = options.contains(.old)
        return removingDuplicates(options: options) { object, change in
            delivery(unsafeDowncast(object, to: Object.self), change.filtered(new: wantsNew, old: wantsOld))
        }
    }

    /// `callback`, skipping changes between equal values when `options` asks for
    /// `.removeDuplicates` and the value type is `Equatable`; with `.prior`, never the after
    /// call of a prior call it let through (`PriorPairingDuplicateFilter`).
    @inlinable
    static func removingDuplicates(
        options: KeyValueObservingOptions, _ callback: @escaping RegistryEntry<Value>.Callback
    ) -> RegistryEntry<Value>.Callback {
        guard options.contains(.removeDuplicates), let equal = equalityCheck(for: Value.self) else {
            return callback
        }
        if options.contains(.prior) {
            return PriorPairingDuplicateFilter(equal: equal, callback: callback).call
        }
        return { object, change in
            isDuplicate(change, equal: equal) ? true : callback(object, change)
        }
    }

    /// The closure that delivers each call to `handler`, on `queue` when there is one; with a
    /// queue, also the box the calls go through, which the caller ties to the entry
    /// (`QueuedHandler.stops(with:)`).
    ///
    /// With `hop`, the handler is isolated to an actor that `queue` does not run on: the
    /// queue's block sends the call on to that actor, and the handler runs there (`ActorHop`).
    /// A call for which `isSkipped` returns `true` is not sent to the queue: an observed
    /// object's handler skips a change made from the object's `deinit` (the object cannot
    /// outlive its `deinit`). `Argument` is what travels to the queue: the object and the
    /// change, or for an `ObservableProperty`'s handler the change alone, so that a call waiting
    /// on a queue (one that may never run it) holds nothing of the property.
    @inlinable
    static func delivery<Argument>(
        on queue: DispatchQueue?, then hop: ActorHop? = nil, skipping isSkipped: @escaping (Argument) -> Bool,
        _ handler: @escaping @Sendable (Argument) -> Void
    ) -> (deliver: (Argument) -> Void, queued: QueuedHandler<Argument>?) {
        guard let queue else { return (handler, nil) }
        // Calls go through a box that stops with the registration, so that nothing is
        // delivered after `invalidate()` returns and the handler is released at once.
        let queued = QueuedHandler<Argument>(handler)
        let lifetime = QueuedHandlerLifetime(queued)
        let deliver: (Argument) -> Void = { argument in
            withExtendedLifetime(lifetime) {}
            if isSkipped(argument) { return }
            // The argument travels to the queue (and on to the handler's actor): the handler is
            // `@Sendable`, or isolated to that actor, and the caller chose that queue for it.
            let payload = UncheckedSendable(value: argument)
            if let hop {
                queue.async { hop.send { queued.call(payload.value) } }
            } else {
                queue.async { queued.call(payload.value) }
            }
        }
        return (deliver, queued)
    }
}
