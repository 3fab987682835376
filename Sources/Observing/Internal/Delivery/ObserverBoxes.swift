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

    /// Delivers `change` to `entry`, an observer entry (`callsObserver`), through its own
    /// specialized method: no dynamic dispatch.
    @inlinable
    mutating func deliver<Value>(
        _ change: KeyValueObservedChange<Value>, of object: AnyObject, to entry: RegistryEntry<Value>
    ) -> Bool {
        #if OBSERVING_INTERNAL_CHECKS
            precondition(entry is ObserverEntry<Value>, "\(type(of: entry)) delivered as an observer entry")
        #endif
        // Unchecked downcast (checked in debug and internal-checks builds): only
        // `ObserverEntry.init` sets `callsObserver`, and an entry of a `Value` registry is a
        // `RegistryEntry<Value>`, so an entry with the bit is an `ObserverEntry<Value>`.
        return unsafeDowncast(entry, to: ObserverEntry<Value>.self).deliver(change, of: object, boxes: &self)
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
