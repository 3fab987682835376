/// Returns `==` for `Value` when it is `Equatable`, for `.removeDuplicates`.
@usableFromInline
func equalityCheck<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
    guard let equatable = type as? any Equatable.Type else { return nil }
    func check<E: Equatable>(_: E.Type) -> (Value, Value) -> Bool {
        { lhs, rhs in (lhs as? E) == (rhs as? E) }
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
