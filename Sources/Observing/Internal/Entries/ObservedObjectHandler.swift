/// A change handler as `observe` takes it, `Object` being the observed class.
///
/// Stored as `ObservedObjectHandler<AnyObject, Value>` (its `asHandler`): the observed class is
/// a class, so its handler takes the object as one reference, as a handler of `AnyObject`
/// does, and a struct's stored function keeps the calling convention of its declaration
/// whatever `Object` is. Only ever called with an `Object`: the entry that holds it belongs to
/// a property of `Object`, and delivery passes that property's object.
@usableFromInline
struct ObservedObjectHandler<Object: AnyObject, Value>: EntryFunction {
    @usableFromInline let call: (Object, KeyValueObservedChange<Value>) -> Void

    @inlinable
    init(call: @escaping (Object, KeyValueObservedChange<Value>) -> Void) {
        self.call = call
    }
}

/// A callback as a registry entry stores it, in the field of a handler.
@usableFromInline
struct CallbackFunction<Value>: EntryFunction {
    @usableFromInline let call: RegistryEntry<Value>.Callback

    @inlinable
    init(call: @escaping RegistryEntry<Value>.Callback) {
        self.call = call
    }
}

/// An `ObservableProperty` handler, which takes the change alone, as its entry stores it.
extension SendableChangeHandler: EntryFunction {}

/// A function that a registry entry keeps in its one function field
/// (`RegistryEntry.function`), typed as a handler of any object: a struct of one thick
/// function, whatever that function's signature.
@usableFromInline
protocol EntryFunction {
    associatedtype Value
}

extension EntryFunction {
    /// The function an entry stored with `asHandler`.
    ///
    /// Unsafe: `handler` must be one that `asHandler` made from a `Self`. Every conforming
    /// struct holds one thick function (a function pointer and a reference-counted context),
    /// so the bits, and the context's ownership, are the same under either type; the function
    /// is only ever called through the type it was made with (sizes checked by
    /// `unsafeBitCast` in every build; which type is said by the entry's bits for a callback,
    /// checked by `storedCallback` in the internal-checks build, and by the registry's
    /// `HandlerForm` for a handler).
    @inlinable
    @inline(__always)
    init(handler: ObservedObjectHandler<AnyObject, Value>) {
        self = unsafeBitCast(handler, to: Self.self)
    }

    /// The function, typed as a handler of any object so that it fits the entry's one field.
    @inlinable
    @inline(__always)
    var asHandler: ObservedObjectHandler<AnyObject, Value> {
        unsafeBitCast(self, to: ObservedObjectHandler<AnyObject, Value>.self)
    }
}
