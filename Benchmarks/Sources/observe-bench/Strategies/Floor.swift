/// (a) The absolute floor: a stored value and a plain array of functions called in a loop.
///
/// No identity, no cancellation handle, no thread safety; the handlers capture nothing, so
/// they are stored as bare C function pointers (no context to retain or release). Its W4
/// appends a handler and drops it again. Storage without dynamic exclusivity checks.
@MainActor
final class FloorSubject: ObservedSubject {
    nonisolated static let strategy = Strategy(id: "a", name: "floor: array of functions")

    // Main actor only, and no handler reaches back into the subject while a set runs.
    @exclusivity(unchecked) private var value = 0
    // Main actor only; handlers do not register or cancel.
    @exclusivity(unchecked) private var handlers: [@convention(c) (Int) -> Void] = []
    // Main actor only, and never read while it is being written.
    @exclusivity(unchecked) private var pending = 0

    init() {}

    func prepare(observers count: Int) {
        pending = count
    }

    func attach() {
        for _ in 0..<pending {
            handlers.append(Self.handler())
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
            handlers.append(Self.handler())
            handlers.removeLast()
        }
    }

    /// A handler that captures nothing: a bare function, isolated to no actor.
    nonisolated private static func handler() -> @convention(c) (Int) -> Void {
        { Sink.add($0) }
    }
}
