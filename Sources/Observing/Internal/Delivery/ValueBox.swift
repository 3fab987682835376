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

/// The boxes of one notification's values for its observer entries (`ObserverEntry`), made
/// by the first entry that receives each value and shared by the others.
///
/// A delivery loop keeps one beside its `KeyValueObservedChange.Filtered`, not in it: a larger
/// `Filtered` is destroyed through its value witnesses on every notification, also without
/// observer entries (observe-bench b W1 496 -> 607 instructions, callgrind). Unmanaged, so that
/// destroying it is free: the loop calls `release()` after its last entry.
@usableFromInline
struct ObserverBoxes {
    @usableFromInline var newBox: Unmanaged<ValueBox>?
    @usableFromInline var oldBox: Unmanaged<ValueBox>?

    @inlinable
    init() {
        (newBox, oldBox) = (nil, nil)
    }

    /// The untyped form of `change` for `entry`, filtered for its `.new` / `.old` options (no
    /// new value in a prior call, as `KeyValueObservedChange.filtered(new:old:)`), its values
    /// in the shared boxes, made unless already made.
    @inlinable
    mutating func untyped<Value>(_ change: KeyValueObservedChange<Value>, for entry: EntryBase)
        -> KeyValueChange
    {
        var new: ValueBox?
        if entry.wantsNew, !change.isPrior, let newValue = change.newValue {
            new = Self.shared(&newBox, making: newValue)
        }
        var old: ValueBox?
        if entry.wantsOld, let oldValue = change.oldValue { old = Self.shared(&oldBox, making: oldValue) }
        return KeyValueChange(
            kind: change.kind, newBox: new, oldBox: old, indexes: change.indexes, isPrior: change.isPrior)
    }

    /// The box in `slot`, made of `value` and kept there, retained, unless there is one.
    @inlinable
    static func shared<Value>(_ slot: inout Unmanaged<ValueBox>?, making value: Value) -> ValueBox {
        // Unretained: the slot holds the box retained until `release()`.
        if let slot { return slot.takeUnretainedValue() }
        let box: ValueBox = TypedValueBox(value)
        slot = Unmanaged.passRetained(box)
        return box
    }

    /// Releases the boxes, once the loop that made them has ended.
    @inlinable
    @inline(__always)
    mutating func release() {
        guard newBox != nil || oldBox != nil else { return }
        newBox?.release()
        oldBox?.release()
        (newBox, oldBox) = (nil, nil)
    }
}
