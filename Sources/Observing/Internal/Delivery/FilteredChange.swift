/// The change filtered for the options of the handler entries that receive one notification.
///
/// A delivery loop keeps one of these for the whole notification: consecutive handler entries
/// with the same `.new` / `.old` options (the common case) get the filtered change already
/// made, passed by reference, instead of a fresh copy each (observe-bench W2).
@usableFromInline
struct FilteredChange<Value> {
    /// The change filtered for `filteredBits`.
    @usableFromInline var filtered: KeyValueObservedChange<Value>
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
    @inlinable
    @inline(__always)
    mutating func filter(_ change: KeyValueObservedChange<Value>, for entry: EntryBase) {
        let bits = entry.newAndOldBits
        guard bits != filteredBits else { return }
        filtered = change.filtered(new: entry.wantsNew, old: entry.wantsOld)
        filteredBits = bits
    }
}
