/// A `willChangeValue(for:)` whose `didChangeValue(for:)` has not come yet, kept by the delivery
/// machine of the key path's registry (`DeliveryStateMachine.pair`).
///
/// The registry is the one a set of the key path notifies: an `@Observed` property's own,
/// whatever key path (subclass or superclass) names it, or, for a key path notified only by
/// hand, the one its object's home keeps for that key path. The old value stays typed, read
/// once at the outermost `willChangeValue`.
///
/// Touched only in the object's isolation domain, as the machine that holds it.
final class ManualPair<Value> {
    /// How many `willChangeValue` calls are open (pairs nest, as in KVO).
    var depth = 1
    /// What the pair reports: as given to the outermost `willChangeValue`, and the value read
    /// then.
    let kind: KeyValueChangeKind
    let indexes: Set<Int>?
    let oldValue: Value?
    /// The registrations when the pair began: the ones `didChangeValue` notifies (those
    /// removed meanwhile excepted), as KVO notifies the observers that received
    /// `willChangeValue`.
    var entries: ContiguousArray<EntryBase?> = []
    /// Whether the pair drives the machine (it began while nothing was being delivered), so
    /// that sets made inside it join it.
    var isJoined = false
    /// The derived observations that read the key path through other registries (a key path
    /// notified by hand), told at both ends of the pair.
    var dependents: [any DependencyOwner] = []

    init(kind: KeyValueChangeKind, indexes: Set<Int>?, oldValue: Value?) {
        self.kind = kind
        self.indexes = indexes
        self.oldValue = oldValue
    }

    /// The pair's prior change, with its old value.
    var priorChange: KeyValueObservedChange<Value> {
        KeyValueObservedChange(kind: kind, oldValue: oldValue, indexes: indexes, isPrior: true)
    }

    /// The pair's change, with the new value read at its outermost `didChangeValue`.
    func change(newValue: Value?) -> KeyValueObservedChange<Value> {
        KeyValueObservedChange(kind: kind, newValue: newValue, oldValue: oldValue, indexes: indexes)
    }
}
