import Observing

/// (c) `@Observed` and `addObserver(_:forKeyPath:options:context:)` with a context, as KVO:
/// observer objects are held weakly and receive the untyped `KeyValueChange`.
@MainActor
final class ObserverWithContextSubject: ObservedSubject {
    static let strategy = Strategy(id: "c", name: "@Observed + KeyValueObserver, context")

    private let model = CounterModel()
    private var observers: [CountingObserver] = []

    init() {}

    func prepare(observers count: Int) {
        observers = (0..<count).map { _ in CountingObserver() }
    }

    func attach() {
        for observer in observers {
            model.addObserver(
                observer, forKeyPath: \.value, options: [.new], context: CountingObserver.context)
        }
    }

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {
        for newValue in start..<(start + count) {
            model.value = newValue
            if opaqueCall { Opaque.use(newValue) }
        }
    }

    func observeAndCancel(_ count: Int) {
        let observer = CountingObserver()
        for _ in 0..<count {
            model.addObserver(
                observer, forKeyPath: \.value, options: [.new], context: CountingObserver.context)
            model.removeObserver(observer, forKeyPath: \.value, context: CountingObserver.context)
        }
    }
}

/// An observer that adds each new value it is told about to the sink.
final class CountingObserver: KeyValueObserver {
    static let context = ObservationContext("CountingObserver")

    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        guard context == Self.context else { return }
        Sink.add(change.newValue(as: Int.self) ?? 0)
    }
}
