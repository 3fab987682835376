/// (a) The absolute floor: a stored value and a plain array of closures called in a loop.
///
/// No identity, no cancellation handle, no thread safety, closures that capture nothing;
/// its W4 appends a closure and drops it again. Storage without dynamic exclusivity checks.
@MainActor
final class FloorSubject: ObservedSubject {
    nonisolated static let strategy = Strategy(id: "a", name: "floor: array of closures")

    // Main actor only, and no handler reaches back into the subject while a set runs.
    @exclusivity(unchecked) private var value = 0
    // Main actor only; handlers do not register or cancel.
    @exclusivity(unchecked) private var handlers: [(Int) -> Void] = []
    // Main actor only, and never read while it is being written.
    @exclusivity(unchecked) private var pending = 0

    init() {}

    func prepare(observers count: Int) {
        pending = count
    }

    func attach() {
        for _ in 0..<pending {
            handlers.append { Sink.add($0) }
        }
    }

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {
        for newValue in start..<(start + count) {
            value = newValue
            for handler in handlers {
                handler(newValue)
            }
            if opaqueCall { Opaque.use(newValue) }
        }
    }

    func observeAndCancel(_ count: Int) {
        for _ in 0..<count {
            handlers.append { Sink.add($0) }
            handlers.removeLast()
        }
    }
}
