import Observation

/// (g) Swift's Observation: `withObservationTracking`, re-registered on each change as it is
/// used (its `onChange` fires once, before the store).
///
/// The re-registration reads the value, which inside `onChange` is still the old one; the
/// observer adds what it reads to the sink, so the work per change is the same as elsewhere.
@MainActor
final class ObservationTrackingSubject: ObservedSubject {
    static let strategy = Strategy(id: "g", name: "withObservationTracking")
    static let notApplicable: [Workload: String] = [
        .churnAmongFew: "no way to cancel a tracking",
        .churnAmongMany: "no way to cancel a tracking",
    ]

    private let model = TrackedModel()
    private var observers: [TrackingObserver] = []

    init() {}

    func prepare(observers count: Int) {
        observers.reserveCapacity(count)
        for _ in 0..<count {
            observers.append(TrackingObserver(model: model))
        }
    }

    func attach() {
        for observer in observers {
            observer.track()
        }
    }

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {
        for newValue in start..<(start + count) {
            model.value = newValue
            if opaqueCall { Opaque.use(newValue) }
        }
    }

    func observeAndCancel(_ count: Int) {}
}

/// An `@Observable` model shared by strategies (g) and (h).
// @unchecked Sendable: `onChange` and `Observations` capture it, and every access is on the main thread.
@Observable
final class TrackedModel: @unchecked Sendable {
    var value = 0
}

/// One observer of strategy (g): tracks `value` and tracks it again on every change.
// @unchecked Sendable: `onChange` captures it, and it is only used on the main thread.
final class TrackingObserver: @unchecked Sendable {
    private let model: TrackedModel

    init(model: TrackedModel) {
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
