/// One value of a `KeyValueChange`, kept as the type it was given as (`TypedValueBox`), so
/// that a typed read of that type (`KeyValueChange.newValue(as:)`) boxes nothing.
///
/// A delivery makes one for each value of a notification that an observer entry receives and
/// shares it between the notification's observer entries (`KeyValueObservedChange.Filtered`);
/// immutable.
@usableFromInline
class ValueBox {
    /// The type of the value: the `Value` of the `TypedValueBox` this is.
    ///
    /// A typed read compares it instead of casting to `TypedValueBox<Value>`: the cast looks
    /// up the generic class's metadata on every read.
    @usableFromInline let valueType: Any.Type

    @usableFromInline
    init(valueType: Any.Type) {
        self.valueType = valueType
    }

    /// The value boxed as `Any`.
    @usableFromInline var boxedValue: Any { preconditionFailure("\(type(of: self)) holds no value") }

    /// A box of `value`, kept as `Any`.
    @inlinable
    static func boxing(_ value: Any) -> ValueBox { TypedValueBox(value) }

    /// The value as `type`: read in place when it is kept as exactly `type`, else cast from
    /// `Any`; `nil` when it is not a `type`.
    @inlinable
    final func value<Value>(as type: Value.Type) -> Value? {
        guard valueType == Value.self else { return KeyValueChange.cast(boxedValue, to: Value.self) }
        #if OBSERVING_INTERNAL_CHECKS
            precondition(self is TypedValueBox<Value>, "\(Swift.type(of: self)) read as \(Value.self)")
        #endif
        // Unchecked downcast (checked in debug builds): `valueType` is the box's own `Value`,
        // set by `TypedValueBox.init` alone.
        return unsafeDowncast(self, to: TypedValueBox<Value>.self).value
    }
}

/// A value of a `KeyValueChange` as its own type `Value`.
///
/// One non-optional field: destroying a `Value?` from the class's generic `deinit` looks up
/// `Optional<Value>`'s metadata, about 320 instructions per notification (callgrind, c W1).
@usableFromInline
final class TypedValueBox<Value>: ValueBox {
    @usableFromInline let value: Value

    @inlinable
    init(_ value: Value) {
        self.value = value
        super.init(valueType: Value.self)
    }

    @usableFromInline
    override var boxedValue: Any { value }
}
