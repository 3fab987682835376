/// The writes a two-way binding made to one of its sides that have not come back yet.
///
/// The direction reading that side skips exactly the echo of the other direction's write and
/// nothing else. A binding keeps one for each side.
///
/// A side may change again while the binding writes to it (an observer that normalizes the
/// value, say): that change is genuine and crosses back, so both sides end equal. With an
/// `Equatable` value an echo is recognized by its value; otherwise the first notification
/// after a write is taken as its echo (the write's own notification comes first unless
/// another set on that side is still being delivered).
final class TwoWayEchoes<Value>: @unchecked Sendable {
    // Sendable: `writes` is only touched under `lock`; values stay in the bound objects'
    // isolation domain, where the binding's callbacks run.

    private let lock = Lock()
    /// Guarded by `lock`: the values written to the side, oldest first.
    private var writes: [Value] = []
    private let equal = equalityCheck(for: Value.self)

    /// Records that the binding is about to write `value` to the side.
    func willWrite(_ value: Value) {
        lock.withLock { writes.append(value) }
    }

    /// Whether a notification that the side now holds `value` is the echo of the binding's own
    /// write; an echo is consumed, with any older write whose echo never came.
    func consumeEcho(of value: Value) -> Bool {
        lock.withLock {
            let echo = if let equal { writes.firstIndex { equal($0, value) } } else { writes.indices.first }
            guard let echo else { return false }
            writes.removeSubrange(...echo)
            return true
        }
    }
}
