import Observation
import Observing

/// (b+) Strategy (b) on a class that also conforms to Swift's `Observable`: its `@Observed`
/// properties report every read and store to an Observation registrar as well, so this row
/// shows what the interoperability costs the classes that opt in.
@MainActor
final class ObservableObserveClosuresSubject: ObservedSubject {
    static let strategy = Strategy(id: "b+", name: "@Observed on an Observable class + observe")
    static let notApplicable: [Workload: String] = [
        .hundredObservers: "measured on W1 and W3 only",
        .churnAmongFew: "measured on W1 and W3 only",
        .churnAmongMany: "measured on W1 and W3 only",
        .bytesPerObserver: "measured on W1 and W3 only",
    ]

    private let model = ObservableCounterModel()
    private var tokens: [ObservationToken] = []
    private var pending = 0

    init() {}

    func prepare(observers count: Int) {
        pending = count
        tokens.reserveCapacity(count)
    }

    func attach() {
        for _ in 0..<pending {
            tokens.append(Self.register(on: model))
        }
    }

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {
        for newValue in start..<(start + count) {
            model.value = newValue
            if opaqueCall { Opaque.use(newValue) }
        }
    }

    func observeAndCancel(_ count: Int) {}

    /// Registers from a nonisolated context, as strategy (b) does: the handler is a plain
    /// `@Sendable` closure, called with no isolation check.
    private nonisolated static func register(on model: ObservableCounterModel) -> ObservationToken {
        model.observe(\.value, options: [.new]) { _, change in
            Sink.add(change.newValue ?? 0)
        }
    }
}

/// (g+) Strategy (g), `withObservationTracking` re-registered on each change, on the
/// `KeyValueObservable` + `Observable` class of (b+) instead of an `@Observable` one.
@MainActor
final class ObservableTrackingSubject: ObservedSubject {
    static let strategy = Strategy(id: "g+", name: "withObservationTracking on @Observed")
    static let notApplicable: [Workload: String] = [
        .hundredObservers: "measured on W1 only",
        .noObservers: "measured on W1 only",
        .churnAmongFew: "no way to cancel a tracking",
        .churnAmongMany: "no way to cancel a tracking",
        .bytesPerObserver: "measured on W1 only",
    ]

    private let model = ObservableCounterModel()
    private var observers: [ObservableTrackingObserver] = []

    init() {}

    func prepare(observers count: Int) {
        for _ in 0..<count { observers.append(ObservableTrackingObserver(model: model)) }
    }

    func attach() {
        for observer in observers { observer.track() }
    }

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {
        for newValue in start..<(start + count) {
            model.value = newValue
            if opaqueCall { Opaque.use(newValue) }
        }
    }

    func observeAndCancel(_ count: Int) {}
}

/// The observed model of (b+) and (g+): `@Observed` on a class that is also `Observable`.
// @unchecked Sendable: `onChange` captures it, and every access is on the main thread.
final class ObservableCounterModel: KeyValueObservable, Observable, @unchecked Sendable {
    @Observed var value = 0
}

/// One observer of (g+): tracks `value` and tracks it again on every change.
// @unchecked Sendable: `onChange` captures it, and it is only used on the main thread.
final class ObservableTrackingObserver: @unchecked Sendable {
    private let model: ObservableCounterModel

    init(model: ObservableCounterModel) {
        self.model = model
    }

    func track() {
        withObservationTracking {
            Sink.add(model.value)
        } onChange: { [self] in
            track()
        }
    }
}
