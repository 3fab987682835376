/// The values and indexes of a `KeyValueChange`: the old value in its `ValueBox`, the new
/// value in the subclass `ChangeValuesWithNew`, kept as its own type, so that one allocation
/// holds what a notification's observers of `.new` receive; immutable.
@usableFromInline
class ChangeValues {
    /// The type of the new value (the `Value` of the `ChangeValuesWithNew` this is), or `nil`
    /// when there is none.
    @usableFromInline let newValueType: Any.Type?
    @usableFromInline let oldBox: ValueBox?
    @usableFromInline let indexes: Set<Int>?
    /// The `.new` / `.old` bits of the options the values were filtered for (`ObserverBoxes`).
    @usableFromInline let bits: UInt8

    @usableFromInline
    init(newValueType: Any.Type?, oldBox: ValueBox?, indexes: Set<Int>?, bits: UInt8) {
        self.newValueType = newValueType
        self.oldBox = oldBox
        self.indexes = indexes
        self.bits = bits
    }

    /// The new value boxed as `Any`, if there is one.
    @usableFromInline var boxedNewValue: Any? { nil }

    /// The values, or `nil` when there are none.
    @inlinable
    static func make<Value>(newValue: Value?, oldBox: ValueBox?, indexes: Set<Int>?, bits: UInt8 = 0)
        -> ChangeValues?
    {
        if let newValue {
            return ChangeValuesWithNew(newValue, oldBox: oldBox, indexes: indexes, bits: bits)
        }
        if oldBox == nil && indexes == nil { return nil }
        return ChangeValues(newValueType: nil, oldBox: oldBox, indexes: indexes, bits: bits)
    }

    /// The new value as `type`: read in place when it is kept as exactly `type`, else cast from
    /// `Any`; `nil` when there is none or it is not a `type`.
    @inlinable
    final func newValue<Value>(as type: Value.Type) -> Value? {
        guard newValueType == Value.self else {
            return boxedNewValue.flatMap { KeyValueChange.cast($0, to: Value.self) }
        }
        #if OBSERVING_INTERNAL_CHECKS
            precondition(self is ChangeValuesWithNew<Value>, "\(Swift.type(of: self)) read as \(Value.self)")
        #endif
        // Unchecked downcast (checked in debug builds): `newValueType` is set to the class's own
        // `Value` by `ChangeValuesWithNew.init` alone.
        return unsafeDowncast(self, to: ChangeValuesWithNew<Value>.self).newValue
    }
}

/// A change's values with a new value of type `Value`.
///
/// The new value is not optional: destroying a `Value?` from the class's generic `deinit` looks
/// up `Optional<Value>`'s metadata, about 320 instructions per notification (callgrind, c W1).
@usableFromInline
final class ChangeValuesWithNew<Value>: ChangeValues {
    @usableFromInline let newValue: Value

    @inlinable
    init(_ newValue: Value, oldBox: ValueBox?, indexes: Set<Int>?, bits: UInt8) {
        self.newValue = newValue
        super.init(newValueType: Value.self, oldBox: oldBox, indexes: indexes, bits: bits)
    }

    @usableFromInline
    override var boxedNewValue: Any? { newValue }
}
