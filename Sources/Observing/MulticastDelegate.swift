import Synchronization

/// A list of weakly held delegates that receive the same calls, for a model that has several
/// delegates instead of one.
///
/// Delegates are not retained; those that deallocate are skipped and pruned. Adding and
/// removing are safe from any thread and from inside `invoke(_:)`: a delegate removed during an
/// invocation receives nothing more, one added during it is first called by the next
/// invocation.
///
/// ```swift
/// let delegates = MulticastDelegate<any TabBarDelegate>()
/// delegates.add(logger)
/// delegates.invoke { $0.tabBarDidTapPlusButton(bar) }
/// ```
public final class MulticastDelegate<Delegate>: @unchecked Sendable {
    private final class Slot: @unchecked Sendable {
        let box: WeakBox<Delegate>
        let isRemoved = Atomic<Bool>(false)
        init(_ delegate: Delegate) { box = WeakBox(delegate) }
    }

    private let lock = Lock()
    private var slots: [Slot] = []

    /// Creates an empty list.
    public init() {}

    /// Adds `delegate`, unless it is already in the list.
    ///
    /// - Parameter delegate: An object; held weakly.
    /// - Complexity: O(*n*), where *n* is the number of delegates.
    public func add(_ delegate: Delegate) {
        lock.withLock {
            slots.removeAll { $0.box.value == nil }
            guard !slots.contains(where: { $0.box.refers(to: delegate) }) else { return }
            slots.append(Slot(delegate))
        }
    }

    /// Removes `delegate`.
    ///
    /// - Parameter delegate: A delegate previously added.
    /// - Returns: `true` if it was in the list.
    /// - Complexity: O(*n*), where *n* is the number of delegates.
    @discardableResult
    public func remove(_ delegate: Delegate) -> Bool {
        lock.withLock {
            guard let index = slots.firstIndex(where: { $0.box.refers(to: delegate) }) else { return false }
            slots[index].isRemoved.store(true, ordering: .releasing)
            slots.remove(at: index)
            return true
        }
    }

    /// Calls `body` with each live delegate, in the order they were added, on the calling thread.
    ///
    /// - Parameter body: The call to make on each delegate.
    /// - Complexity: O(*n*), where *n* is the number of delegates.
    public func invoke(_ body: (Delegate) throws -> Void) rethrows {
        let snapshot = lock.withLock { slots }
        var sawDead = false
        for slot in snapshot where !slot.isRemoved.load(ordering: .acquiring) {
            guard let delegate = slot.box.value else {
                sawDead = true
                continue
            }
            try body(delegate)
        }
        if sawDead {
            lock.withLock { slots.removeAll { $0.box.value == nil } }
        }
    }

    /// The number of live delegates.
    public var count: Int {
        lock.withLock { slots.reduce(0) { $0 + ($1.box.value == nil ? 0 : 1) } }
    }

    /// Whether no live delegate is in the list.
    public var isEmpty: Bool { count == 0 }
}
