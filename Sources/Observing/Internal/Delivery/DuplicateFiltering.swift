import Synchronization

/// Returns `==` for `Value` when it is `Equatable`, for `.removeDuplicates`.
@usableFromInline
func equalityCheck<Value>(for type: Value.Type) -> ((Value, Value) -> Bool)? {
    guard let equatable = type as? any Equatable.Type else { return nil }
    func check<E: Equatable>(_: E.Type) -> ((Value, Value) -> Bool)? {
        // `E` is `Value` itself (the cast above succeeded on `Value.self`), so the checked cast
        // succeeds, once per registration, where a cast per value would cost every compared set
        // (observe-bench b+ W1). A struct is cast, not the function, so that the function is
        // not reabstracted on its way through `Any`.
        guard let equality = Equality<E>(call: { $0 == $1 }) as? Equality<Value> else {
            preconditionFailure("\(E.self) is not \(Value.self)")
        }
        return equality.call
    }
    return check(equatable)
}

/// `==` of one type, for `equalityCheck`.
private struct Equality<Compared> {
    let call: (Compared, Compared) -> Bool
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

/// The `.removeDuplicates` filter of a registration that also asks for `.prior`: skips a
/// prior call between equal values, and lets through the after call of every prior call it
/// let through, as KVO always pairs them.
///
/// A stored property's prior call carries the set's new value (`priorChange`), so a set
/// between equal values is skipped whole. A derived observation's (computed key path, chain)
/// cannot: its new value is known only once the store is made, so its prior call is let
/// through, and then its after call too, even when the value did not change.
@usableFromInline
final class PriorPairingDuplicateFilter<Value>: @unchecked Sendable {
    // Sendable: immutable but the atomic count; the closures are the registration's, which
    // its registries call from the setting threads.
    let equal: (Value, Value) -> Bool
    let callback: RegistryEntry<Value>.Callback
    /// The prior calls let through whose after calls have not come yet (more than one when a
    /// prior handler sets another property a derived key path reads).
    let unpairedPriorCalls = Atomic<Int>(0)

    @usableFromInline
    init(equal: @escaping (Value, Value) -> Bool, callback: @escaping RegistryEntry<Value>.Callback) {
        self.equal = equal
        self.callback = callback
    }

    /// Filters `change` of `object`, as `RegistryEntry.Callback`.
    @usableFromInline
    func call(_ object: AnyObject, _ change: KeyValueObservedChange<Value>) -> Bool {
        if change.isPrior {
            if isDuplicate(change, equal: equal) { return true }
            unpairedPriorCalls.wrappingAdd(1, ordering: .relaxed)
            return callback(object, change)
        }
        if takeUnpairedPriorCall() || !isDuplicate(change, equal: equal) { return callback(object, change) }
        return true
    }

    /// Counts one unpaired prior call as paired; `false` when there is none.
    private func takeUnpairedPriorCall() -> Bool {
        var count = unpairedPriorCalls.load(ordering: .relaxed)
        while count > 0 {
            let (exchanged, original) = unpairedPriorCalls.compareExchange(
                expected: count, desired: count - 1, ordering: .relaxed)
            if exchanged { return true }
            count = original
        }
        return false
    }
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
