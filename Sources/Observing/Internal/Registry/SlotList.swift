/// An element of a `SlotList`: it remembers its position so that removal is O(1).
@usableFromInline
protocol Slotted: AnyObject {
    var slot: Int { get set }
}

/// A registration-ordered list with O(1) amortized append and removal.
///
/// Removal leaves a hole; trailing holes are trimmed at once and the list is compacted when
/// more than half of it is holes, so iteration stays proportional to the live elements.
/// Callers guard it with their own lock.
@usableFromInline
struct SlotList<Element: Slotted> {
    @usableFromInline var elements: ContiguousArray<Element?> = []
    private var holes = 0

    @usableFromInline
    init() {}

    mutating func append(_ element: Element) {
        element.slot = elements.count
        elements.append(element)
    }

    /// Removes `element`; returns it (so that the caller can release it after unlocking), or
    /// `nil` if it was not in the list.
    mutating func remove(_ element: Element) -> Element? {
        let slot = element.slot
        guard slot < elements.count, elements[slot] === element else { return nil }
        // Moved out, not copied: no retain and release of the element on the way out.
        let removed = elements[slot].take()
        holes += 1
        trimAndCompact()
        return removed
    }

    private mutating func trimAndCompact() {
        while let last = elements.last, last == nil {
            elements.removeLast()
            holes -= 1
        }
        guard holes > 16, holes * 2 > elements.count else { return }
        var compacted = ContiguousArray<Element?>()
        compacted.reserveCapacity(elements.count - holes)
        for case let element? in elements {
            element.slot = compacted.count
            compacted.append(element)
        }
        elements = compacted
        holes = 0
    }
}
