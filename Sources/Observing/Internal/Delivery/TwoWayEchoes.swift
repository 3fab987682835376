/// One side of a two-way binding, as the binding sees it: the writes it made to that side
/// whose notification has not come back yet, and the write under way.
///
/// The direction reading that side skips exactly the echoes of the other direction's writes
/// and nothing else. A binding keeps one for each side.
///
/// A notification of the side that arrives while the binding writes to it is never sent
/// back on its own: it may be the write's own, or an intermediate value (a computed property
/// whose setter stores twice). Once the write returns, the side is read: if it no longer
/// holds the value written (an observer normalized it, say), that value crosses back, so both
/// sides end equal. A notification that arrives later (queued behind one the side was
/// delivering) is an echo when it matches a write still waiting: by value when `Value` is
/// `Equatable` (a value unequal to itself, as NaN is, matching another such value), else the
/// first one.
final class TwoWayEchoes<Value>: @unchecked Sendable {
    // Sendable: the state is only touched under `lock`; values stay in the bound objects'
    // isolation domain, where the binding's callbacks run.

    /// A side's value as the binding reaches it, while a change crosses (the binding's
    /// callback holds both objects meanwhile).
    struct Side {
        let echoes: TwoWayEchoes<Value>
        let read: () -> Value
        let write: (Value) -> Void
    }

    private let lock = Lock()
    /// Guarded by `lock`: the writes whose notification is still to come, oldest first.
    private var writes: [(id: Int, value: Value)] = []
    private var lastID = 0
    /// Guarded by `lock`: for each write under way, innermost last, the notifications of the
    /// side that arrived during it.
    private var arrivals: [Int] = []
    private let equal = equalityCheck(for: Value.self)

    /// Carries `value` from `source` to `target`, then back and forth while the side written
    /// changes during its write, until a write leaves its side as written.
    ///
    /// A value does not cross back once the binding has ended (`isBound`: a handler
    /// invalidated it during the write), nor, when `Value` is `Equatable`, to a side that
    /// already holds it (it changed in a crossing nested in the write): that write would be an
    /// extra set, and a setter that skips equal values would send no echo for it. Sides whose
    /// observers keep undoing each other's value never settle, as in any two-way binding.
    static func cross(_ value: Value, to target: Side, from source: Side, while isBound: () -> Bool) {
        var (value, target, source) = (value, target, source)
        while let changed = target.echoes.write(value, to: target) {
            guard isBound(), !source.echoes.holds(changed, side: source) else { return }
            (value, target, source) = (changed, source, target)
        }
    }

    /// Whether a notification that the side now holds `value` is the binding's own doing: one
    /// that arrives during a write, or the echo of a write still waiting, which is consumed
    /// with any older write whose echo never came.
    func consumeEcho(of value: Value) -> Bool {
        lock.withLock {
            if !arrivals.isEmpty {
                arrivals[arrivals.count - 1] += 1
                return true
            }
            let echo =
                if let equal { writes.firstIndex { Self.isSame($0.value, value, equal) } } else {
                    writes.indices.first
                }
            guard let echo else { return false }
            writes.removeSubrange(...echo)
            return true
        }
    }

    /// Writes `value` to `side`, which this records.
    ///
    /// - Returns: The value the side holds after the write, when notifications arrived during
    ///   it and it differs from `value` (for a value that is not `Equatable`: when more than
    ///   the write's own arrived); else `nil`.
    private func write(_ value: Value, to side: Side) -> Value? {
        let id = lock.withLock {
            lastID &+= 1
            writes.append((lastID, value))
            arrivals.append(0)
            return lastID
        }
        side.write(value)
        let arrived = lock.withLock {
            let arrived = arrivals.removeLast()
            // Its notification came during the write: no echo is left to wait for.
            if arrived > 0, let index = writes.firstIndex(where: { $0.id == id }) { writes.remove(at: index) }
            return arrived
        }
        guard arrived > 0 else { return nil }
        let current = side.read()
        guard let equal else { return arrived > 1 ? current : nil }
        return Self.isSame(current, value, equal) ? nil : current
    }

    /// Whether `side` already holds `value`; `false` when `Value` is not `Equatable`.
    private func holds(_ value: Value, side: Side) -> Bool {
        guard let equal else { return false }
        return Self.isSame(side.read(), value, equal)
    }

    /// Whether two values are the same for the binding: equal, or both unequal to themselves
    /// (NaN, which `==` never matches).
    private static func isSame(_ lhs: Value, _ rhs: Value, _ equal: (Value, Value) -> Bool) -> Bool {
        equal(lhs, rhs) || (!equal(lhs, lhs) && !equal(rhs, rhs))
    }
}
