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

/// The values of one notification for its observer entries (`ObserverEntry`) with the same
/// `.new` / `.old` options, made by the first and shared by the others.
///
/// A delivery loop keeps one beside its `KeyValueObservedChange.Filtered`, not in it: a larger
/// `Filtered` is destroyed through its value witnesses on every notification, also without
/// observer entries (observe-bench b W1 496 -> 607 instructions, callgrind). One unmanaged
/// reference, so that making and destroying it costs the loop one store: the loop calls
/// `release()` after its last entry.
@usableFromInline
struct ObserverBoxes: ObserverValuesSlot {
    /// The values made last, retained, or `nil`.
    @usableFromInline var values: Unmanaged<ChangeValues>?
    /// The old value's box, retained, or `nil`: made once per notification, also for values
    /// made for other options.
    @usableFromInline var oldBox: Unmanaged<ValueBox>?

    @inlinable
    init() {
        (values, oldBox) = (nil, nil)
    }

    /// The untyped form of `change` for `entry`, filtered for its `.new` / `.old` options (no
    /// new value in a prior call, as `KeyValueObservedChange.filtered(new:old:)`), with the
    /// shared values, made unless already made for these options.
    @inlinable
    mutating func untyped<Value>(_ change: KeyValueObservedChange<Value>, for entry: EntryBase)
        -> KeyValueChange
    {
        // Unretained reads: the slot holds the values retained until `release()` or the next
        // values replace them.
        if let values, values._withUnsafeGuaranteedRef({ $0.bits }) == entry.newAndOldBits {
            return KeyValueChange(
                kind: change.kind, values: values.takeUnretainedValue(), isPrior: change.isPrior)
        }
        let made = ChangeValues.make(
            newValue: entry.wantsNew && !change.isPrior ? change.newValue : nil,
            oldBox: entry.wantsOld ? sharedOldBox(change.oldValue) : nil, indexes: change.indexes,
            bits: entry.newAndOldBits)
        guard let made else { return KeyValueChange(kind: change.kind, values: nil, isPrior: change.isPrior) }
        // The values shared so far stay with the changes already delivered.
        values?.release()
        values = Unmanaged.passRetained(made)
        return KeyValueChange(kind: change.kind, values: made, isPrior: change.isPrior)
    }

    /// The box of `oldValue`, made unless already made.
    @inlinable
    mutating func sharedOldBox<Value>(_ oldValue: Value?) -> ValueBox? {
        // Unretained read: the slot holds the box retained until `release()`.
        if let oldBox { return oldBox.takeUnretainedValue() }
        guard let oldValue else { return nil }
        let made: ValueBox = TypedValueBox(oldValue)
        oldBox = Unmanaged.passRetained(made)
        return made
    }

    @inlinable
    mutating func deliver<Value>(
        _ change: KeyValueObservedChange<Value>, of object: AnyObject, to entry: RegistryEntry<Value>
    ) -> Bool {
        entry.deliverToObserver(change, of: object, boxes: &self)
    }

    /// Releases the values, once the loop that made them has ended.
    @inlinable
    @inline(__always)
    mutating func release() {
        guard values != nil || oldBox != nil else { return }
        values?.release()
        oldBox?.release()
        (values, oldBox) = (nil, nil)
    }
}
