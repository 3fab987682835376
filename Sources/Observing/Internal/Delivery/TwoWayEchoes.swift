/// The writes a two-way binding made that have not come back yet as notifications, so that
/// each direction skips exactly the echo of the other direction's write and nothing else.
///
/// A side may change again while the binding writes to it (an observer that normalizes the
/// value, say): that change is genuine and crosses back, so both sides end equal. With an
/// `Equatable` value an echo is recognized by its value; otherwise the first notification
/// after a write is taken as its echo (the write's own notification comes first unless
/// another set on that side is still being delivered).
final class TwoWayEchoes<Value>: @unchecked Sendable {
    // Sendable: `pending` is only touched under `lock`; values stay in the bound objects'
    // isolation domain, where the binding's callbacks run.

    /// One side of the binding.
    enum Side {
        case source
        case target
    }

    private let lock = Lock()
    /// Guarded by `lock`: the values written to each side, oldest first.
    private var pending: (source: [Value], target: [Value]) = ([], [])
    private let equal: ((Value, Value) -> Bool)?

    init() {
        equal = equalityCheck(for: Value.self)
    }

    /// Records that the binding is about to write `value` to `side`.
    func willWrite(_ value: Value, to side: Side) {
        lock.withLock {
            switch side {
            case .source: pending.source.append(value)
            case .target: pending.target.append(value)
            }
        }
    }

    /// Whether a notification that `side` now holds `value` is the echo of the binding's own
    /// write; an echo is consumed, with any older write whose echo never came.
    func consumeEcho(of value: Value, on side: Side) -> Bool {
        lock.withLock {
            switch side {
            case .source: Self.consume(value, from: &pending.source, equal: equal)
            case .target: Self.consume(value, from: &pending.target, equal: equal)
            }
        }
    }

    private static func consume(_ value: Value, from writes: inout [Value], equal: ((Value, Value) -> Bool)?)
        -> Bool
    {
        guard !writes.isEmpty else { return false }
        guard let equal else {
            writes.removeFirst()
            return true
        }
        guard let index = writes.firstIndex(where: { equal($0, value) }) else { return false }
        writes.removeSubrange(...index)
        return true
    }
}
