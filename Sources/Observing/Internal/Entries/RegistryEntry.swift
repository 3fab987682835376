/// One registration on a property of value type `Value`: what a change runs.
///
/// A plain block observation (`observe` on the setting thread, without `.removeDuplicates`)
/// is a `HandlerEntry`, which stores the caller's change handler itself, so that registering
/// allocates no wrapping closure (observe-bench W4, W5). A `KeyValueObserver` registration
/// without `.removeDuplicates` is an `ObserverEntry`, which stores the observer. Every other
/// registration is a `CallbackEntry`, whose callback applies the options itself and returns
/// whether the registration still lives.
///
/// Delivery is split so that no kind needs a cast: the delivery loop, specialized for
/// `Value`, prepares the change the entry's form takes (`holdsHandler`: filtered;
/// `callsObserver`: untyped; otherwise as it is), and the entry's class makes the call
/// (`call`, `callObserver`), which holds no generic work. A wrong bit delivers the wrong
/// options, never reads the wrong memory.
///
/// The kinds are not one class: a plain observation's entry must stay a 40-byte object (W5),
/// which is the header, `EntryBase`'s 8 bytes and the handler's 16, and an enum of the
/// forms needs a tag byte beyond them (a 41-byte object takes a 64-byte heap cell where 40
/// bytes take 48). An observer's fields would make every entry larger.
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
        if holdsHandler {
            filtered.filter(change, for: self)
            return call(object, filtered.filtered)
        }
        if callsObserver { return deliverToObserver(change, of: object) }
        return call(object, change)
    }

    /// Calls the registration with `change`, prepared for its form by `deliver`.
    ///
    /// The change is filtered for the options when `holdsHandler`, as it is otherwise.
    /// `HandlerEntry` and `CallbackEntry` override this; an `ObserverEntry` is called through
    /// `callObserver`.
    ///
    /// - Returns: `false` when the registration found its observer or target gone.
    @usableFromInline
    func call(_ object: AnyObject, _ change: KeyValueObservedChange<Value>) -> Bool {
        preconditionFailure("\(type(of: self)) takes no typed change")
    }

    /// The observer entry's delivery: the change untyped and filtered for the options, out of
    /// line, so that the handler path of `deliver` stays small enough to inline into the
    /// delivery loop (observe-bench b W1).
    @inlinable
    @inline(never)
    final func deliverToObserver(_ change: KeyValueObservedChange<Value>, of object: AnyObject) -> Bool {
        // Boxed straight from `change`, with no filtered copy of the typed change in between
        // (a copy of a generic struct goes through its value witnesses: observe-bench c W2);
        // filtered as `KeyValueObservedChange.filtered(new:old:)` does (no new value in a prior
        // call).
        let untyped = KeyValueChange(
            kind: change.kind, newValue: wantsNew && !change.isPrior ? change.newValue.map { $0 } : nil,
            oldValue: wantsOld ? change.oldValue.map { $0 } : nil, indexes: change.indexes,
            isPrior: change.isPrior)
        return callObserver(untyped, of: object)
    }

    /// The registration as a callback, for a derived observation that takes it over.
    @usableFromInline
    var callback: Callback {
        { [self] object, change in deliver(change, of: object) }
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

    @usableFromInline
    override func call(_ object: AnyObject, _ change: KeyValueObservedChange<Value>) -> Bool {
        handler.call(object, change)
        return true
    }

    @usableFromInline
    override var callback: Callback {
        let handler = self.handler.call
        let (wantsNew, wantsOld) = (self.wantsNew, self.wantsOld)
        return { object, change in
            handler(object, change.filtered(new: wantsNew, old: wantsOld))
            return true
        }
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

    @usableFromInline
    final override func call(_ object: AnyObject, _ change: KeyValueObservedChange<Value>) -> Bool {
        body(object, change)
    }

    @usableFromInline
    final override var callback: Callback { body }
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
