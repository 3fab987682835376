import Observing

/// A model used on the main actor, as an app's settings are.
final class Settings: KeyValueObservable {
    @Observed var fontSize = 12
    @Observed var theme = "light"
}

/// A plain, non-`Sendable` view.
final class TextLabel {
    var text = ""
}

/// A main-actor view model written as a Swift 6 app writes one: no `nonisolated`, no
/// `MainActor.assumeIsolated`, no `@Sendable`, no `@unchecked Sendable`, no `sending`.
@MainActor
final class SettingsViewModel {
    let settings: Settings
    let label = TextLabel()
    let themeLabel = TextLabel()
    var renders = 0
    var tokens: [ObservationToken] = []

    init(settings: Settings) {
        self.settings = settings
        settings.observe(\.fontSize, options: [.initial, .new]) { settings, change in
            self.label.text = "\(change.newValue!) pt"  // main-actor state
            self.renders += 1
        }.store(in: &tokens)
        settings.bind(\.theme, to: themeLabel, \.text).store(in: &tokens)
        let count = ObservableProperty(0)
        count.observe(options: [.new]) { change in
            self.renders += change.newValue ?? 0
        }.store(in: &tokens)
    }

    /// The first theme `values(for:)` yields, read on the main actor.
    func firstTheme() async -> String? {
        for await theme in settings.values(for: \.theme) {
            return theme
        }
        return nil
    }
}

/// A main-actor observer: one annotation, and a set made off the main actor traps.
@MainActor
final class BadgeLabel: @preconcurrency KeyValueObserver {
    static let context = ObservationContext("BadgeLabel")
    var text = ""

    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        guard context == Self.context else { return }
        text = "\(change.newValue(as: Int.self) ?? 0)"
    }
}

/// A model owned by an actor, observed from inside it.
actor Counter {
    let settings = Settings()
    var seen: [Int] = []
    var token: ObservationToken?

    func start() {
        token = settings.observe(\.fontSize, options: [.new]) { _, change in
            self.seen.append(change.newValue ?? 0)
        }
    }

    func bump() -> [Int] {
        settings.fontSize += 1
        return seen
    }
}

@MainActor
func viewModelRuns() async {
    let settings = Settings()
    let model = SettingsViewModel(settings: settings)
    settings.fontSize = 14
    settings.theme = "dark"
    let badge = BadgeLabel()
    settings.addObserver(badge, forKeyPath: \.fontSize, options: [.new], context: BadgeLabel.context)
    settings.fontSize = 16
    let theme = await model.firstTheme()
    let counter = Counter()
    await counter.start()
    let seen = await counter.bump()
    print("view model:", model.label.text, model.themeLabel.text, badge.text, theme ?? "-", seen)
}
