/// The change filtered for the options of the handler entries that receive one notification.
///
/// A delivery loop keeps one of these for the whole notification: consecutive handler entries
/// with the same `.new` / `.old` options (the common case) get the filtered change already
/// made, passed by reference, instead of a fresh copy each (observe-bench W2).
@usableFromInline
struct FilteredChange<Value> {
    /// The change filtered for `filteredBits`.
    @usableFromInline var filtered: KeyValueObservedChange<Value>
    /// The `.new` / `.old` bits (`.new` is bit 0, `.old` bit 1) `filtered` was made for, or
    /// `noBits` while it is still the unfiltered change.
    @usableFromInline var filteredBits: UInt8

    /// A value no entry's `.new` / `.old` bits take.
    @inlinable
    static var noBits: UInt8 { 0xFF }

    /// Starts with `change` itself, which no entry receives unfiltered.
    @inlinable
    init(_ change: KeyValueObservedChange<Value>) {
        self.filtered = change
        self.filteredBits = Self.noBits
    }

    /// Makes `filtered` the change filtered for `bits`, from `change`, unless it already is.
    @inlinable
    @inline(__always)
    mutating func filter(_ change: KeyValueObservedChange<Value>, for bits: UInt8) {
        guard bits != filteredBits else { return }
        filtered = change.filtered(new: bits & 0b01 != 0, old: bits & 0b10 != 0)
        filteredBits = bits
    }
}
