/// One registration on a property of value type `Value`: what a change runs.
///
/// A plain block observation (`observe` on the setting thread, without `.removeDuplicates`)
/// is a `HandlerEntry`, which stores the caller's change handler itself, so that registering
/// allocates no wrapping closure (observe-bench W4, W5). Every other registration is a
/// `CallbackEntry`, whose callback applies the options itself and returns whether the
/// registration still lives. `holdsHandler` tells the two apart without a dynamic cast.
@usableFromInline
class RegistryEntry<Value>: EntryBase, @unchecked Sendable {
    // Sendable: no stored state of its own (the base's mutable slot is guarded by the
    // registry's lock).

    @usableFromInline
    typealias Callback = (_ object: AnyObject, _ change: KeyValueObservedChange<Value>) -> Bool

    /// Runs the registration for `change` of `object`.
    ///
    /// - Returns: `false` when the registration found its observer or target gone.
    @inlinable
    @inline(__always)
    final func deliver(_ change: KeyValueObservedChange<Value>, of object: AnyObject) -> Bool {
        var filtered = FilteredChange<Value>()
        return deliver(change, of: object, filtered: &filtered)
    }

    /// Runs the registration for `change` of `object`; a handler gets the change from
    /// `filtered`, which keeps it for the next handler entry with the same options.
    ///
    /// - Returns: `false` when the registration found its observer or target gone.
    @inlinable
    @inline(__always)
    final func deliver(
        _ change: KeyValueObservedChange<Value>, of object: AnyObject, filtered: inout FilteredChange<Value>
    ) -> Bool {
        checkKind()
        // Unchecked downcasts: `holdsHandler` is true exactly for `HandlerEntry` and
        // `callsObserver` exactly for `ObserverEntry` (their initializers set them, the other
        // classes' clear them); checked above with the internal checks.
        if holdsHandler {
            filtered.filter(change, for: self)
            unsafeDowncast(self, to: HandlerEntry<Value>.self).handler.call(object, filtered.filtered)
            return true
        }
        if callsObserver { return callObserver(change, of: object) }
        return unsafeDowncast(self, to: CallbackEntry<Value>.self).body(object, change)
    }

    /// The observer entry's delivery, out of line, so that the handler path of `deliver` stays
    /// small enough to inline into the delivery loop (observe-bench b W1).
    @inlinable
    @inline(never)
    final func callObserver(_ change: KeyValueObservedChange<Value>, of object: AnyObject) -> Bool {
        unsafeDowncast(self, to: ObserverEntry<Value>.self).deliverToObserver(change, of: object)
    }

    /// The registration as a callback, for a derived observation that takes it over.
    @inlinable
    final var callback: Callback {
        checkKind()
        if callsObserver {
            let entry = unsafeDowncast(self, to: ObserverEntry<Value>.self)
            return { object, change in entry.deliverToObserver(change, of: object) }
        }
        guard holdsHandler else { return unsafeDowncast(self, to: CallbackEntry<Value>.self).body }
        let handler = unsafeDowncast(self, to: HandlerEntry<Value>.self).handler.call
        let (wantsNew, wantsOld) = (self.wantsNew, self.wantsOld)
        return { object, change in
            handler(object, change.filtered(new: wantsNew, old: wantsOld))
            return true
        }
    }

    @inlinable
    final func checkKind() {
        #if OBSERVING_INTERNAL_CHECKS
            precondition(
                holdsHandler
                    ? self is HandlerEntry<Value>
                    : callsObserver ? self is ObserverEntry<Value> : self is CallbackEntry<Value>,
                "entry \(type(of: self)) with holdsHandler \(holdsHandler), callsObserver \(callsObserver)")
        #endif
    }
}

/// A plain block observation: the caller's change handler, called with each change filtered
/// for the options.
@usableFromInline
final class HandlerEntry<Value>: RegistryEntry<Value>, @unchecked Sendable {
    // Sendable: the handler is immutable and `@Sendable` where `observe` took it.
    @usableFromInline let handler: ObservedObjectHandler<AnyObject, Value>

    @inlinable
    init(options: KeyValueObservingOptions, handler: ObservedObjectHandler<AnyObject, Value>) {
        self.handler = handler
        super.init(options: options, isOwnedByToken: true, holdsHandler: true)
    }
}

/// Any other registration: a callback that applies the options itself and returns whether
/// the registration still lives.
@usableFromInline
class CallbackEntry<Value>: RegistryEntry<Value>, @unchecked Sendable {
    // Sendable: the callback is immutable.
    @usableFromInline let body: Callback

    @inlinable
    init(
        options: KeyValueObservingOptions, isOwnedByToken: Bool, isCounted: Bool = true,
        callback: @escaping Callback
    ) {
        self.body = callback
        super.init(
            options: options, isOwnedByToken: isOwnedByToken, holdsHandler: false, isCounted: isCounted)
    }
}

/// A change handler as `observe` takes it, `Object` being the observed class.
///
/// Stored as `ObservedObjectHandler<AnyObject, Value>`: the observed class is a class, so its
/// handler takes the object as one reference, as a handler of `AnyObject` does, and a struct's
/// stored function keeps the calling convention of its declaration whatever `Object` is.
@usableFromInline
struct ObservedObjectHandler<Object: AnyObject, Value> {
    @usableFromInline let call: (Object, KeyValueObservedChange<Value>) -> Void

    @inlinable
    init(call: @escaping (Object, KeyValueObservedChange<Value>) -> Void) {
        self.call = call
    }

    /// The same handler, typed for any observed object.
    ///
    /// Only ever called with an `Object`: the entry that holds it belongs to a property of
    /// `Object`, and delivery passes that property's object.
    @inlinable
    var erased: ObservedObjectHandler<AnyObject, Value> {
        unsafeBitCast(self, to: ObservedObjectHandler<AnyObject, Value>.self)
    }
}
