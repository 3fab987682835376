/// Returns `==` for `Value` when it is `Equatable`, for `.removeDuplicates`.
@usableFromInline
func equalityCheck<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
    guard let equatable = type as? any Equatable.Type else { return nil }
    func check<E: Equatable>(_: E.Type) -> (Value, Value) -> Bool {
        #if OBSERVING_INTERNAL_CHECKS
            precondition(E.self == Value.self, "equality of \(E.self) for \(Value.self)")
        #endif
        // Unsafe: `E` is `Value` itself (the cast above succeeded on `Value.self`), so the bit
        // casts change only the static type, where a dynamic cast per value would cost every
        // compared set (observe-bench b+ W1).
        return { lhs, rhs in unsafeBitCast(lhs, to: E.self) == unsafeBitCast(rhs, to: E.self) }
    }
    return check(equatable)
}

/// Whether a change should be skipped under `.removeDuplicates`: a whole-value set between
/// equal values (the change is unfiltered, so both values are present).
@usableFromInline
func isDuplicate<Value>(_ change: KeyValueObservedChange<Value>, equal: (Value, Value) -> Bool) -> Bool {
    guard change.kind == .setting, let oldValue = change.oldValue, let newValue = change.newValue else {
        return false
    }
    return equal(oldValue, newValue)
}

/// Returns whether storing the second value over the first tells Swift's Observation nothing,
/// as the `@Observable` macro's setter decides (`shouldNotifyObservers`): equal values of an
/// `Equatable` type, or the same object of a class type; `nil` when every store notifies.
@usableFromInline
func observationEqualityCheck<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
    if let equal = equalityCheck(for: type) { return equal }
    guard type is AnyObject.Type else { return nil }
    return { lhs, rhs in (lhs as AnyObject) === (rhs as AnyObject) }
}
