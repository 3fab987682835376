import Observing

/// (bw) Strategy (b)'s model on a class that conforms to `WholeObjectObservable`, observed with
/// one `observeChanges` registration: W1 is a set delivered to the whole-object handler, and W3
/// shows what the conformance costs every unobserved set of the class (its setters form the
/// property's key paths to check for a whole-object observation).
@MainActor
final class WholeObjectObserveChangesSubject: ObservedSubject {
    static let strategy = Strategy(
        id: "bw", name: "@Observed on a WholeObjectObservable class + observeChanges")
    static let notApplicable: [Workload: String] = [
        .hundredObservers: "measured on W1 and W3 only",
        .churnAmongFew: "measured on W1 and W3 only",
        .churnAmongMany: "measured on W1 and W3 only",
        .bytesPerObserver: "measured on W1 and W3 only",
    ]

    private let model = WholeObjectCounterModel()
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
    private nonisolated static func register(on model: WholeObjectCounterModel) -> ObservationToken {
        model.observeChanges { _, _, change in
            Sink.add(change.newValue as? Int ?? 0)
        }
    }
}

/// Strategy (b)'s model, observable as a whole.
// @unchecked Sendable, as (b)'s model: registered from a nonisolated context, set on the main actor.
final class WholeObjectCounterModel: KeyValueObservable, WholeObjectObservable, @unchecked Sendable {
    @Observed var value = 0
}
