/// A first-in, first-out queue for `DeliveryStateMachine`: its queued notifications and its
/// deferred sets.
///
/// An array and the index of its head. Each element is taken out of its slot as it is handed
/// out, so that the caller, not the machine, releases it (a value may run arbitrary
/// `deinit`s); the array is emptied, keeping its capacity, once the head reaches its end.
///
/// - Complexity: O(1) amortized for `append(_:)` and `popFirst()`.
@usableFromInline
struct DeliveryQueue<Element> {
    @usableFromInline var slots: [Element?] = []
    @usableFromInline var head = 0

    @inlinable
    init() {}

    /// Whether nothing waits: the slots are emptied once the head reaches their end, so this
    /// is one load (the finishing test of every notification, observe-bench W1).
    @inlinable
    var isEmpty: Bool { slots.isEmpty }

    /// The element appended last, if any waits.
    @inlinable
    var last: Element? { isEmpty ? nil : slots[slots.count - 1] }

    /// Adds `element` at the end.
    @inlinable
    mutating func append(_ element: Element) {
        slots.append(element)
    }

    /// Removes and returns the element at the front, or `nil` when nothing waits.
    @inlinable
    mutating func popFirst() -> Element? {
        guard head < slots.count else { return nil }
        // A slot is emptied only here, as the head passes it, so the one at the head still
        // holds its element; checked in the checks build only (a trap here, even out of line,
        // costs every notified set 7 instructions, callgrind b W1).
        #if OBSERVING_INTERNAL_CHECKS
            precondition(slots[head] != nil, "a queued element was handed out twice")
        #endif
        let element = slots[head].take()
        head += 1
        if head == slots.count {
            slots.removeAll(keepingCapacity: true)
            head = 0
        }
        return element
    }

    /// Removes and returns every element that waits, in order.
    @inlinable
    mutating func removeAll() -> [Element] {
        defer { self = DeliveryQueue() }
        return slots[head...].compactMap { $0 }
    }

    /// In the internal-checks build, traps unless the head is within the slots and the first
    /// and last waiting slots still hold their elements (O(1), so that a long queue does not
    /// make the checks build quadratic).
    @inlinable
    func checkInvariants() {
        #if OBSERVING_INTERNAL_CHECKS
            precondition(head <= slots.count, "queue head \(head) past \(slots.count) slots")
            precondition(head < slots.count || slots.isEmpty, "an exhausted queue keeps \(slots.count) slots")
            if head < slots.count {
                precondition(
                    slots[head] != nil && slots[slots.count - 1] != nil, "a waiting slot was handed out")
            }
        #endif
    }
}
