/// One change of an observed value, as Foundation's `NSKeyValueObservedChange`.
///
/// Which fields are filled in depends on the registration's `KeyValueObservingOptions`:
/// `newValue` with `.new` (never in a prior notification), `oldValue` with `.old`. For a
/// to-many change (`kind` other than `.setting`) the values hold only the affected elements,
/// in ascending index order, and `indexes` names their positions.
public struct KeyValueObservedChange<Value> {
    /// The kind of change.
    public var kind: KeyValueChangeKind
    /// The value after the change (the inserted or replacing elements for a to-many change);
    /// `nil` unless `.new` was asked for, and always `nil` in a prior notification.
    public var newValue: Value?
    /// The value before the change (the removed or replaced elements for a to-many change);
    /// `nil` unless `.old` was asked for.
    public var oldValue: Value?
    /// The affected positions of a to-many change; `nil` for `.setting`.
    public var indexes: Set<Int>?
    /// Whether this is the notification sent before the store (see `KeyValueObservingOptions.prior`).
    public var isPrior: Bool

    /// Creates a change.
    ///
    /// - Parameters:
    ///   - kind: The kind of change.
    ///   - newValue: The value after the change, if reported.
    ///   - oldValue: The value before the change, if reported.
    ///   - indexes: The positions of a to-many change.
    ///   - isPrior: Whether the change is reported before the store.
    @inlinable
    public init(
        kind: KeyValueChangeKind = .setting, newValue: Value? = nil, oldValue: Value? = nil,
        indexes: Set<Int>? = nil, isPrior: Bool = false
    ) {
        self.kind = kind
        self.newValue = newValue
        self.oldValue = oldValue
        self.indexes = indexes
        self.isPrior = isPrior
    }
}

extension KeyValueObservedChange: Sendable where Value: Sendable {}
extension KeyValueObservedChange: Equatable where Value: Equatable {}
extension KeyValueObservedChange: Hashable where Value: Hashable {}

extension KeyValueObservedChange {
    /// The notification sent before the store of this change.
    ///
    /// It keeps the new value internally, so that `.removeDuplicates` can skip it;
    /// `filtered(new:old:)` removes it.
    @inlinable
    var priorChange: KeyValueObservedChange {
        var change = self
        change.isPrior = true
        return change
    }

    /// This change with the new value only if `new` (and never in a prior notification), the
    /// old value only if `old`.
    @inlinable
    func filtered(new: Bool, old: Bool) -> KeyValueObservedChange {
        var change = self
        if !new || isPrior { change.newValue = nil }
        if !old { change.oldValue = nil }
        return change
    }
}

extension KeyValueObservedChange {
    /// The change filtered for the options of the handler entries that receive one notification.
    ///
    /// A delivery loop keeps one of these for the whole notification: consecutive handler entries
    /// with the same `.new` / `.old` options (the common case) get the filtered change already
    /// made, passed by reference, instead of a fresh copy each (observe-bench W2).
    @usableFromInline
    struct Filtered {
        /// The change filtered for `filteredBits`.
        @usableFromInline var filtered: KeyValueObservedChange
        /// The entry's `newAndOldBits` that `filtered` was made for, or `noBits` before the first
        /// handler entry asked.
        @usableFromInline var filteredBits: UInt8

        /// A value no entry's `.new` / `.old` bits take.
        @inlinable
        static var noBits: UInt8 { 0xFF }

        /// Starts with an empty placeholder, which no entry receives.
        ///
        /// Starting with a copy of the notification's change would retain its values (a `String`'s
        /// storage, say) on every notification, also when only callback entries receive it
        /// (observe-bench W6).
        @inlinable
        init() {
            self.filtered = KeyValueObservedChange()
            self.filteredBits = Self.noBits
        }

        /// Makes `filtered` the change filtered for `entry`'s `.new` / `.old` options, from
        /// `change`, unless it already is.
        ///
        /// - Parameters:
        ///   - change: The change of the notification.
        ///   - entry: The handler entry to filter it for.
        ///   - inLoop: Whether the caller is the delivery loop over several entries, which then
        ///     reads the entry's bits again after making the filtered change rather than keep
        ///     them: kept, they needed a register that survives calls, which the loop then saved
        ///     and restored around every handler call (callgrind, observe-bench b W2: 4,720 ->
        ///     4,527 instructions per set, 24 -> 22 per entry). The read is a call the optimizer
        ///     cannot see into, which a delivery to one entry does without (b W1: 11 instructions).
        @inlinable
        @inline(__always)
        mutating func filter(_ change: KeyValueObservedChange, for entry: EntryBase, inLoop: Bool) {
            let bits = entry.newAndOldBits
            guard bits != filteredBits else { return }
            filtered = change.filtered(new: entry.wantsNew, old: entry.wantsOld)
            filteredBits = inLoop ? EntryBase.newAndOldBits(of: entry) : bits
        }
    }
}
