import Synchronization

/// A list of weakly held delegates that receive the same calls, for a model that has several
/// delegates instead of one.
///
/// Delegates are not retained; those that deallocate are skipped and pruned (a deallocated
/// delegate's memory, not its state, is freed when its slot is pruned, by the next `invoke(_:)`
/// or an `add(_:)` at its address). Adding and
/// removing are safe from any thread and from inside `invoke(_:)`: a delegate removed during an
/// invocation receives nothing more, one added during it is first called by the next
/// invocation. Delegates are called in the order they were added, on the invoking thread.
/// Each delegate is held strongly while it is called: one whose last other reference goes
/// during its call lives until the call returns.
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
    @usableFromInline let lock = Lock()
    // Guarded by `lock`, which no access outlives: no dynamic exclusivity check is needed.
    @exclusivity(unchecked) @usableFromInline var list = SlotList<DelegateSlot>()
    /// The slot of each delegate by identity, for O(1) duplicate checks and removal, once the
    /// list has held more than `scanLimit` slots (`isIndexed`); a smaller list is scanned
    /// instead, which costs less than hashing an identity.
    ///
    /// A dead delegate's identity may be reused by a new object, so a hit is checked for
    /// liveness.
    @exclusivity(unchecked) private var slotsByDelegate: [ObjectIdentifier: DelegateSlot] = [:]
    @exclusivity(unchecked) private var isIndexed = false

    /// The most slots a list holds while it is scanned rather than indexed: a scan of 32
    /// identities costs about what one hash look-up and update do (observe-bench e2 W4/10).
    private static var scanLimit: Int { 32 }

    /// Creates an empty list.
    public init() {}

    /// Adds `delegate`, unless it is already in the list.
    ///
    /// - Parameter delegate: An object; held weakly.
    /// - Complexity: O(*n*) for a list of *n* ≤ 32 delegates, which is scanned; O(1) amortized
    ///   for a longer one, which is indexed by identity.
    @inlinable
    public func add(_ delegate: Delegate) {
        // Inlinable, as `remove(_:)`, so that the caller specializes it: unspecialized, each
        // copy of the delegate is a retain and a release through its value witnesses, more
        // than the rest of the call.
        insert(DelegateSlot(delegate))
    }

    /// Puts `slot` in the list, unless its delegate is there already.
    @usableFromInline
    func insert(_ slot: DelegateSlot) {
        let replaced = lock.withLock { withEntry(of: slot.identity) { place(slot, at: &$0) } }
        withExtendedLifetime(replaced) {}
    }

    /// Removes `delegate`.
    ///
    /// - Parameter delegate: A delegate previously added.
    /// - Returns: `true` if it was in the list.
    /// - Complexity: as `add(_:)`.
    @inlinable @discardableResult
    public func remove(_ delegate: Delegate) -> Bool {
        guard let bare = DelegateSlot.bareObject(of: delegate) else {
            return removeSlot(of: delegate as AnyObject)
        }
        return bare._withUnsafeGuaranteedRef { removeSlot(of: $0) }
    }

    /// Takes the slot of `object` out of the list; returns whether there was one.
    @usableFromInline
    func removeSlot(of object: AnyObject) -> Bool {
        lock.withLock {
            withEntry(of: ObjectIdentifier(object)) { removeSlot(at: &$0, ifItRefersTo: object) }
        }
    }

    /// Calls `body` with the entry of `identity`; called under `lock`.
    ///
    /// The entry is the one in `slotsByDelegate` when the list is indexed; otherwise a copy of
    /// the slot the list holds for it, found by a scan (`body` changes the list itself; the copy
    /// is then dropped). Indexes the list once it has grown past `scanLimit`.
    private func withEntry<Result>(
        of identity: ObjectIdentifier, _ body: (inout DelegateSlot?) -> Result
    ) -> Result {
        if isIndexed { return body(&slotsByDelegate[identity]) }
        var entry = list.elements.first { $0?.identity == identity } ?? nil
        let result = body(&entry)
        if list.elements.count > Self.scanLimit {
            for case let slot? in list.elements { slotsByDelegate[slot.identity] = slot }
            isIndexed = true
        }
        return result
    }

    /// Puts `slot` in the list and at `entry` (its delegate's entry, as `withEntry(of:_:)`
    /// gives it), unless the entry's slot is of a live delegate; called under `lock`.
    ///
    /// - Returns: The dead delegate's slot that `slot` replaces, to be released after the lock.
    private func place(_ slot: DelegateSlot, at entry: inout DelegateSlot?) -> DelegateSlot? {
        if let existing = entry {
            guard !existing.isAlive else { return nil }
            existing.isRemoved.store(true, ordering: .releasing)
            _ = list.remove(existing)
        }
        list.append(slot)
        defer { entry = slot }
        return entry
    }

    /// Takes the slot at `entry` (its delegate's entry, as `withEntry(of:_:)` gives it) out of the list,
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
    @usableFromInline
    func pruneDeallocated() {
        lock.withLock {
            for case let slot? in list.elements where !slot.isAlive {
                if isIndexed, slotsByDelegate[slot.identity] === slot {
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
    /// - Complexity: O(*n*), where *n* is the number of delegates: per delegate, one retain
    ///   that succeeds only while it is alive, for the call, and one release.
    @inlinable
    public func invoke(_ body: (Delegate) throws -> Void) rethrows {
        // Inlinable, so that the caller's module specializes it for its `Delegate`.
        let snapshot = lock.withLock { list.elements }
        var sawDeallocated = false
        // The snapshot keeps its slots alive, so the loop reads them unretained (a retain and a
        // release per delegate otherwise); `Unmanaged<DelegateSlot>?` has the layout of
        // `DelegateSlot?`.
        try snapshot.withUnsafeBufferPointer { buffer in
            try buffer.withMemoryRebound(to: Unmanaged<DelegateSlot>?.self) { slots in
                for case let slot? in slots {
                    try slot._withUnsafeGuaranteedRef { slot in
                        guard !slot.isRemoved.load(ordering: .acquiring) else { return }
                        if slot.delegateBytes == nil, let object = slot.held.object {
                            try DelegateSlot.call(body, with: object)
                        } else if let delegate: Delegate = slot.delegate() {
                            try body(delegate)
                        } else {
                            sawDeallocated = true
                        }
                    }
                }
            }
        }
        if sawDeallocated { pruneDeallocated() }
    }

    /// The number of live delegates.
    ///
    /// - Complexity: O(*n*), where *n* is the number of delegates.
    public var count: Int {
        lock.withLock { list.elements.reduce(0) { $0 + (($1?.isAlive ?? false) ? 1 : 0) } }
    }

    /// Whether no live delegate is in the list.
    ///
    /// - Complexity: O(*n*), where *n* is the number of delegates.
    public var isEmpty: Bool { count == 0 }
}

// Unchecked: `list`, `slotsByDelegate` and each slot's `slot` are touched only under `lock`,
// `isRemoved` is atomic, a slot's delegate is retained atomically by the runtime, its copy
// of the delegate is written once before the slot is shared, and delegates are called outside
// the lock on a snapshot of the list.
extension MulticastDelegate: @unchecked Sendable where Delegate: Sendable {}
