import Observing

/// (e2) `MulticastDelegate`: a list of weakly held delegates, all called after each store.
@MainActor
final class MulticastSubject: ObservedSubject {
    static let strategy = Strategy(id: "e2", name: "MulticastDelegate")

    private var value = 0
    private let delegates = MulticastDelegate<any ValueDelegate>()
    private var prepared: [CountingDelegate] = []

    init() {}

    func prepare(observers count: Int) {
        prepared = (0..<count).map { _ in CountingDelegate() }
    }

    func attach() {
        for delegate in prepared {
            delegates.add(delegate)
        }
    }

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {
        for newValue in start..<(start + count) {
            value = newValue
            delegates.invoke { $0.valueDidChange(to: newValue) }
            if opaqueCall { Opaque.use(newValue) }
        }
    }

    func observeAndCancel(_ count: Int) {
        let delegate = CountingDelegate()
        for _ in 0..<count {
            delegates.add(delegate)
            delegates.remove(delegate)
        }
    }
}
