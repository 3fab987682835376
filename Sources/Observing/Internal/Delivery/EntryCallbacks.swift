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

    /// The closure that delivers each change to `handler`, on `queue` when there is one; with
    /// a queue, also the box the calls go through, which the caller ties to the entry
    /// (`QueuedHandler.stops(with:)`).
    ///
    /// With `hop`, the handler is isolated to an actor that `queue` does not run on: the
    /// queue's block sends the call on to that actor, and the handler runs there (`ActorHop`).
    /// A change made from the object's `deinit` is not sent to the queue (the object cannot
    /// outlive its `deinit`).
    @inlinable
    static func delivery(
        on queue: DispatchQueue?, then hop: ActorHop? = nil,
        _ handler: @escaping @Sendable (Object, KeyValueObservedChange<Value>) -> Void
    ) -> (
        deliver: (Object, KeyValueObservedChange<Value>) -> Void,
        queued: QueuedHandler<(Object, KeyValueObservedChange<Value>)>?
    ) {
        guard let queue else { return (handler, nil) }
        // Calls go through a box that stops with the registration, so that nothing is
        // delivered after `invalidate()` returns and the handler is released at once.
        let queued = QueuedHandler<(Object, KeyValueObservedChange<Value>)> { handler($0.0, $0.1) }
        let lifetime = QueuedHandlerLifetime(queued)
        let deliver: (Object, KeyValueObservedChange<Value>) -> Void = { object, change in
            withExtendedLifetime(lifetime) {}
            // A set made from the object's `deinit`: the object cannot travel to the queue
            // (it would outlive its `deinit`), so queued handlers never see such a set.
            if isDeinitializing(object) { return }
            // The object and change travel to the queue (and on to the handler's actor): the
            // handler is `@Sendable`, or isolated to that actor, and the caller chose that queue
            // for them.
            let payload = UncheckedSendable(value: (object, change))
            if let hop {
                queue.async { hop.send { queued.call(payload.value) } }
            } else {
                queue.async { queued.call(payload.value) }
            }
        }
        return (deliver, queued)
    }

    /// As `delivery(on:then:_:)`, for a handler that takes the change alone (an
    /// `ObservableProperty`'s): only the change travels to the queue, so that a call waiting
    /// there (on a queue that may never run it) holds nothing of the object.
    @inlinable
    static func delivery(
        on queue: DispatchQueue?, then hop: ActorHop? = nil,
        _ handler: @escaping @Sendable (KeyValueObservedChange<Value>) -> Void
    ) -> (
        deliver: (KeyValueObservedChange<Value>) -> Void,
        queued: QueuedHandler<KeyValueObservedChange<Value>>?
    ) {
        guard let queue else { return (handler, nil) }
        let queued = QueuedHandler<KeyValueObservedChange<Value>>(handler)
        let lifetime = QueuedHandlerLifetime(queued)
        let deliver: (KeyValueObservedChange<Value>) -> Void = { change in
            withExtendedLifetime(lifetime) {}
            // The change travels to the queue (and on to the handler's actor): the handler is
            // `@Sendable`, or isolated to that actor, and the caller chose that queue for it.
            let payload = UncheckedSendable(value: change)
            if let hop {
                queue.async { hop.send { queued.call(payload.value) } }
            } else {
                queue.async { queued.call(payload.value) }
            }
        }
        return (deliver, queued)
    }
}
