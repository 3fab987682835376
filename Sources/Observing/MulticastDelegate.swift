/// A list of weakly held delegates that receive the same calls, for a model that has several
/// delegates instead of one.
///
/// Delegates are not retained; those that deallocate are skipped and pruned. Adding and
/// removing are safe from any thread and from inside `invoke(_:)`: a delegate removed during an
/// invocation receives nothing more, one added during it is first called by the next
/// invocation. Delegates are called in the order they were added, on the invoking thread.
///
/// `Sendable` when `Delegate` is: a list shared between threads calls each delegate on
/// whichever thread invokes, so the delegates themselves must be safe to use from there.
///
/// ```swift
/// let delegates = MulticastDelegate<any TabBarDelegate>()
/// delegates.add(logger)
/// delegates.invoke { $0.tabBarDidTapPlusButton(bar) }
/// ```
public final class MulticastDelegate<Delegate> {
    private let lock = Lock()
    // Guarded by `lock`.
    private var list = SlotList<DelegateSlot>()
    /// The slot of each delegate by identity, for O(1) duplicate checks and removal.
    ///
    /// A dead
    /// delegate's identity may be reused by a new object, so a hit is checked for liveness.
    private var slotsByDelegate: [ObjectIdentifier: DelegateSlot] = [:]

    /// Creates an empty list.
    public init() {}

    /// Adds `delegate`, unless it is already in the list.
    ///
    /// - Parameter delegate: An object; held weakly.
    /// - Complexity: O(1) amortized.
    public func add(_ delegate: Delegate) {
        let slot = DelegateSlot(delegate, object: delegate as AnyObject)
        let replaced = lock.withLock { place(slot, at: &slotsByDelegate[slot.identity]) }
        withExtendedLifetime(replaced) {}
    }

    /// Removes `delegate`.
    ///
    /// - Parameter delegate: A delegate previously added.
    /// - Returns: `true` if it was in the list.
    /// - Complexity: O(1) amortized.
    @discardableResult
    public func remove(_ delegate: Delegate) -> Bool {
        let object = delegate as AnyObject
        let id = ObjectIdentifier(object)
        return lock.withLock { removeSlot(at: &slotsByDelegate[id], ifItRefersTo: object) }
    }

    /// Puts `slot` in the list and at `entry` (its delegate's entry in `slotsByDelegate`, one
    /// hash look-up), unless the entry's slot is of a live delegate; called under `lock`.
    ///
    /// - Returns: The dead delegate's slot that `slot` replaces, to be released after the lock.
    private func place(_ slot: DelegateSlot, at entry: inout DelegateSlot?) -> DelegateSlot? {
        if let existing = entry {
            guard existing.object == nil else { return nil }
            existing.isRemoved.store(true, ordering: .releasing)
            _ = list.remove(existing)
        }
        list.append(slot)
        defer { entry = slot }
        return entry
    }

    /// Takes the slot at `entry` (its delegate's entry in `slotsByDelegate`) out of the list,
    /// if it refers to `object` (any slot when `object` is `nil`); called under `lock`.
    ///
    /// - Returns: Whether a slot was removed.
    private func removeSlot(at entry: inout DelegateSlot?, ifItRefersTo object: AnyObject?) -> Bool {
        guard let slot = entry, object.map(slot.refers(to:)) ?? true else { return false }
        slot.isRemoved.store(true, ordering: .releasing)
        _ = list.remove(slot)
        entry = nil
        return true
    }

    /// Removes the slots of delegates that have deallocated.
    private func pruneDeallocated() {
        lock.withLock {
            for case let slot? in list.elements where slot.object == nil {
                if slotsByDelegate[slot.identity] === slot {
                    _ = removeSlot(at: &slotsByDelegate[slot.identity], ifItRefersTo: nil)
                } else {
                    slot.isRemoved.store(true, ordering: .releasing)
                    _ = list.remove(slot)
                }
            }
        }
    }

    /// Calls `body` with each live delegate, in the order they were added, on the calling thread.
    ///
    /// - Parameter body: The call to make on each delegate.
    /// - Complexity: O(*n*), where *n* is the number of delegates.
    public func invoke(_ body: (Delegate) throws -> Void) rethrows {
        let snapshot = lock.withLock { list.elements }
        var sawDeallocated = false
        for case let slot? in snapshot where !slot.isRemoved.load(ordering: .acquiring) {
            guard let object = slot.object else {
                sawDeallocated = true
                continue
            }
            if let bytes = slot.delegateBytes {
                // The copy retains the instance, which `object` holds alive until then.
                let delegate = bytes.load(as: Delegate.self)
                extendLifetime(object)
                try body(delegate)
            } else {
                try DelegateSlot.call(body, with: object)
            }
        }
        if sawDeallocated { pruneDeallocated() }
    }

    /// The number of live delegates.
    ///
    /// - Complexity: O(*n*), where *n* is the number of delegates.
    public var count: Int {
        lock.withLock { list.elements.reduce(0) { $0 + (($1?.object == nil) ? 0 : 1) } }
    }

    /// Whether no live delegate is in the list.
    ///
    /// - Complexity: O(*n*), where *n* is the number of delegates.
    public var isEmpty: Bool { count == 0 }
}

// Unchecked: `list`, `slotsByDelegate` and each slot's `slot` are touched only under `lock`,
// `isRemoved` is atomic, a slot's weak reference is loaded atomically by the runtime, its copy
// of the delegate is written once before the slot is shared, and delegates are called outside
// the lock on a snapshot of the list.
extension MulticastDelegate: @unchecked Sendable where Delegate: Sendable {}
