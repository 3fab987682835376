import Observing

/// A model whose state is held in `ObservableProperty`s, with a computed property over them.
final class Meter: KeyValueObservable, Sendable {
    let level = ObservableProperty(0)
    let isMuted = ObservableProperty(false)
    var caption: String { isMuted.value ? "muted" : "\(level.value) dB" }
}

/// A plain, non-`Sendable` view.
final class MeterLabel {
    var text = ""
}

/// A main-actor view model that observes and binds a computed property over
/// `ObservableProperty` values, and reads one property as a sequence: no `@Sendable`, no
/// `assumeIsolated`, no `nonisolated`, no `@unchecked Sendable`.
@MainActor
final class MeterViewModel {
    let meter: Meter
    let label = MeterLabel()
    let boundLabel = MeterLabel()
    private(set) var captions: [String] = []
    private var tokens: [ObservationToken] = []

    init(meter: Meter) {
        self.meter = meter
        meter.observe(\.caption, options: [.initial, .new]) { meter, change in
            self.captions.append(change.newValue ?? "")  // main-actor state
            self.label.text = change.newValue ?? ""
        }.store(in: &tokens)
        meter.bind(\.caption, to: boundLabel, \.text).store(in: &tokens)
    }

    /// The first level `values()` yields, read on the main actor.
    func firstLevel() async -> Int? {
        for await level in meter.level.values() { return level }
        return nil
    }
}

@MainActor
func meterViewModelRuns() async {
    let meter = Meter()
    let model = MeterViewModel(meter: meter)
    meter.level.value = 3
    meter.isMuted.value = true
    let first = await model.firstLevel()
    print("meter:", model.captions, model.label.text, model.boundLabel.text, first ?? -1)
}
