/// (e1) A single weak delegate called after each store, the classic Cocoa pattern.
@MainActor
final class WeakDelegateSubject: ObservedSubject {
    static let strategy = Strategy(id: "e1", name: "weak delegate")
    static let notApplicable: [Workload: String] = [
        .hundredObservers: "one delegate only",
        .churnAmongFew: "one delegate only",
        .churnAmongMany: "one delegate only",
        .bytesPerObserver: "one delegate only",
    ]

    private var value = 0
    private weak var delegate: (any ValueDelegate)?
    private var prepared: CountingDelegate?

    init() {}

    func prepare(observers count: Int) {
        prepared = count > 0 ? CountingDelegate() : nil
    }

    func attach() {
        delegate = prepared
    }

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {
        for newValue in start..<(start + count) {
            value = newValue
            delegate?.valueDidChange(to: newValue)
            if opaqueCall { Opaque.use(newValue) }
        }
    }

    func observeAndCancel(_ count: Int) {}
}

/// The delegate protocol of strategies (e1) and (e2).
protocol ValueDelegate: AnyObject {
    func valueDidChange(to value: Int)
}

/// A delegate that adds each value to the sink.
final class CountingDelegate: ValueDelegate {
    func valueDidChange(to value: Int) {
        Sink.add(value)
    }
}
