/// (a) The floor: a stored value and a plain array of closures called in a loop.
///
/// No
/// identity, no cancellation handle, no thread safety; what any notification costs at least.
@MainActor
final class FloorSubject: ObservedSubject {
    nonisolated static let strategy = Strategy(id: "a", name: "floor: array of closures")

    private var value = 0
    private var handlers: [(Int) -> Void] = []
    private var pending = 0

    init() {}

    func prepare(observers count: Int) {
        pending = count
    }

    func attach() {
        for _ in 0..<pending {
            handlers.append { Sink.add($0) }
        }
    }

    func set(_ count: Int, from start: Int) {
        for newValue in start..<(start + count) {
            value = newValue
            for handler in handlers {
                handler(newValue)
            }
        }
    }

    func observeAndCancel(_ count: Int) {
        for _ in 0..<count {
            handlers.append { Sink.add($0) }
            handlers.removeLast()
        }
    }
}
