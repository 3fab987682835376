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

/// A callback as a registry entry stores it, in the field of a handler.
@usableFromInline
struct CallbackFunction<Value> {
    @usableFromInline let call: RegistryEntry<Value>.Callback

    @inlinable
    init(call: @escaping RegistryEntry<Value>.Callback) {
        self.call = call
    }

    /// The callback an entry stored with `asHandler`.
    ///
    /// Unsafe: `handler` must be one that `asHandler` made. Both structs hold one thick
    /// function (a function pointer and a reference-counted context), so the bits, and the
    /// context's ownership, are the same under either type; the function is only ever called
    /// through the type it was made with (sizes checked by `unsafeBitCast` in every build; the
    /// entry's bits say which type, checked by `storedCallback` in the internal-checks build).
    @inlinable
    init(handler: ObservedObjectHandler<AnyObject, Value>) {
        self = unsafeBitCast(handler, to: CallbackFunction<Value>.self)
    }

    /// The callback, typed as a handler so that it fits the entry's one function field.
    @inlinable
    var asHandler: ObservedObjectHandler<AnyObject, Value> {
        unsafeBitCast(self, to: ObservedObjectHandler<AnyObject, Value>.self)
    }
}
