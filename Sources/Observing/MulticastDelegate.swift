import Synchronization

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
    private final class Slot: Slotted {
        let box: WeakBox<Delegate>
        let isRemoved = Atomic<Bool>(false)
        var slot = 0
        init(_ delegate: Delegate) { box = WeakBox(delegate) }
    }

    private let lock = Lock()
    // Guarded by `lock`.
    private var list = SlotList<Slot>()
    /// The slot of each delegate by identity, for O(1) duplicate checks and removal.
    ///
    /// A dead
    /// delegate's identity may be reused by a new object, so a hit is checked for liveness.
    private var slotsByDelegate: [ObjectIdentifier: Slot] = [:]

    /// Creates an empty list.
    public init() {}

    /// Adds `delegate`, unless it is already in the list.
    ///
    /// - Parameter delegate: An object; held weakly.
    /// - Complexity: O(1) amortized.
    public func add(_ delegate: Delegate) {
        let id = ObjectIdentifier(delegate as AnyObject)
        let replaced: Slot? = lock.withLock {
            let existing = slotsByDelegate[id]
            if let existing, existing.box.value != nil { return nil }
            if let existing { removeLocked(existing) }
            let slot = Slot(delegate)
            list.append(slot)
            slotsByDelegate[id] = slot
            return existing
        }
        withExtendedLifetime(replaced) {}
    }

    /// Removes `delegate`.
    ///
    /// - Parameter delegate: A delegate previously added.
    /// - Returns: `true` if it was in the list.
    /// - Complexity: O(1) amortized.
    @discardableResult
    public func remove(_ delegate: Delegate) -> Bool {
        let id = ObjectIdentifier(delegate as AnyObject)
        return lock.withLock {
            guard let slot = slotsByDelegate[id], slot.box.refers(to: delegate) else { return false }
            removeLocked(slot)
            return true
        }
    }

    private func removeLocked(_ slot: Slot) {
        slot.isRemoved.store(true, ordering: .releasing)
        _ = list.remove(slot)
        let id = slot.box.identity
        if slotsByDelegate[id] === slot { slotsByDelegate[id] = nil }
    }

    /// Calls `body` with each live delegate, in the order they were added, on the calling thread.
    ///
    /// - Parameter body: The call to make on each delegate.
    /// - Complexity: O(*n*), where *n* is the number of delegates.
    public func invoke(_ body: (Delegate) throws -> Void) rethrows {
        let snapshot = lock.withLock { list.elements }
        var dead: [Slot] = []
        for case let slot? in snapshot where !slot.isRemoved.load(ordering: .acquiring) {
            guard let delegate = slot.box.value else {
                dead.append(slot)
                continue
            }
            try body(delegate)
        }
        if !dead.isEmpty {
            lock.withLock {
                for slot in dead where !slot.isRemoved.load(ordering: .acquiring) { removeLocked(slot) }
            }
        }
    }

    /// The number of live delegates.
    ///
    /// - Complexity: O(*n*), where *n* is the number of delegates.
    public var count: Int {
        lock.withLock { list.elements.reduce(0) { $0 + (($1?.box.value == nil) ? 0 : 1) } }
    }

    /// Whether no live delegate is in the list.
    ///
    /// - Complexity: O(*n*), where *n* is the number of delegates.
    public var isEmpty: Bool { count == 0 }
}

// Unchecked: `list`, `slotsByDelegate` and each slot's `slot` are touched only under `lock`,
// `isRemoved` is atomic, and delegates are called outside the lock on a snapshot of the list.
extension MulticastDelegate: @unchecked Sendable where Delegate: Sendable {}
