import Foundation
import Observing
import Synchronization
import TabBarModel
import Testing

/// The README's examples, run as written: each comment in README becomes an expectation.
@MainActor
@Suite struct ReadmeExampleTests {
    @Test func observeExample() {
        let lines = Mutex<[String]>([])
        let profile = Profile()
        let token = profile.observe(\.unread, options: [.initial, .old, .new]) { profile, change in
            lines.withLock { $0.append("unread: \(change.oldValue ?? 0) -> \(change.newValue ?? 0)") }
        }
        #expect(lines.withLock { $0 } == ["unread: 0 -> 0"])
        profile.unread = 3
        #expect(lines.withLock { $0 } == ["unread: 0 -> 0", "unread: 0 -> 3"])
        token.invalidate()
        profile.unread = 4
        #expect(lines.withLock { $0 }.count == 2)
        #expect(profile.observerCount(for: \.unread) == 0)
        #expect(profile.hasUnread)
    }

    @Test func mainActorViewModelExample() async {
        let settings = ReadmeSettings()
        let model = ReadmeSettingsViewModel(settings: settings)
        #expect(model.label.text == "17 pt")
        #expect(model.themeLabel.text == "Light")
        settings.fontSize = 20
        settings.theme = "Dark"
        #expect(model.label.text == "20 pt")
        #expect(model.themeLabel.text == "Dark")
        #expect(await model.firstTheme() == "Dark")
    }

    @Test func tabBarExample() {
        let messages = ViewController(title: "Messages")
        let shell = TabBarController(viewControllers: [ViewController(title: "Home"), messages])
        messages.tabBarItem.badgeValue = "5"
        #expect(shell.tabBar.buttons[1].badgeView.content == .text("5"))
        shell.tabBar.tapButton(at: 1)
        #expect(shell.selectedViewController === messages)
    }
}

/// The README's observable class.
private final class Profile: KeyValueObservable {
    @Observed var name = ""
    @Observed var unread = 0
    var hasUnread: Bool { unread > 0 }  // computed: observable too
}

/// README's main-actor view model, as written there (its `themes()` loop reads the first theme).
private final class ReadmeSettings: KeyValueObservable {
    @Observed var fontSize = 17
    @Observed var theme = "Light"
}

private final class ReadmeLabel { var text = "" }

@MainActor private final class ReadmeSettingsViewModel {
    let settings: ReadmeSettings
    let label = ReadmeLabel()
    let themeLabel = ReadmeLabel()
    var tokens: [ObservationToken] = []

    init(settings: ReadmeSettings) {
        self.settings = settings
        settings.observe(\.fontSize, options: [.initial, .new]) { [weak self] settings, change in
            self?.label.text = "\(change.newValue ?? 0) pt"
        }.store(in: &tokens)
        settings.bind(\.theme, to: themeLabel, \.text).store(in: &tokens)
    }

    func firstTheme() async -> String? {
        for await theme in settings.values(for: \.theme) { return theme }
        return nil
    }
}
