import Observing

/// (b) `@Observed` and `observe(_:options:changeHandler:)` closures, each kept alive by its
/// token.
@MainActor
final class ObserveClosuresSubject: TokenHoldingSubject {
    static let strategy = Strategy(id: "b", name: "@Observed + observe closure")

    private let model = CounterModel()
    var tokens: [ObservationToken] = []
    var pending = 0

    init() {}

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {
        for newValue in start..<(start + count) {
            model.value = newValue
            if opaqueCall { Opaque.use(newValue) }
        }
    }

    func register() -> ObservationToken {
        Self.register(on: model)
    }

    func cancel(_ token: ObservationToken) {
        token.invalidate()
    }

    /// Registers from a nonisolated context, as a user who sets from any thread does: the
    /// handler is a plain `@Sendable` closure, called with no isolation check (a closure
    /// written in this main-actor class would be isolated to the main actor and checked).
    private nonisolated static func register(on model: CounterModel) -> ObservationToken {
        model.observe(\.value, options: [.new]) { _, change in
            Sink.add(change.newValue ?? 0)
        }
    }
}

/// The observed model of strategies (b) and (c).
final class CounterModel: KeyValueObservable {
    @Observed var value = 0
}
