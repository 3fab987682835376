import Testing

@testable import Observing

/// `Settings.theme` is a plain `var` where `@Observed` was forgotten.
final class ForgetfulSettings: KeyValueObservable {
    var theme = "light"
    var density = 1
    @Observed var fontSize = 12
}

/// A registration on a key path that reads no `@Observed` storage is real (counted,
/// removable, notified by hand) and, unless the class declares the key path as notified by
/// hand, diagnosed once per type and key path.
@MainActor
@Suite struct ForgottenObservedTests {
    /// The message for `\ForgetfulSettings.theme`, registered first at `line` of this file.
    private static func themeMessage(line: Int) -> String {
        "Observing: \\ForgetfulSettings.theme (registered at ObservingTests/ForgottenObservedTests.swift:\(line)) "
            + "reads no @Observed property; "
            + "it notifies only through willChangeValue(for:)/didChangeValue(for:). "
            + "Mark the stored property it reads @Observed (on an @Observable class, replace "
            + "the macro with a conformance to Observable)"
    }

    @Test func aForgottenObservedIsDiagnosedOncePerKeyPathWithItsCallSite() {
        let first = ForgetfulSettings()
        let second = ForgetfulSettings()
        let line = #line + 2
        let tokens = [
            first.observe(\.theme) { _, _ in },
            first.observe(\.theme, options: [.new]) { _, _ in },
            second.observe(\.theme) { _, _ in },
            first.observe(\.fontSize) { _, _ in },
        ]
        let messages = ObservationDiagnostics.reportedMessages
        #if DEBUG  // release builds record no call site
            #expect(messages.filter { $0 == Self.themeMessage(line: line) }.count == 1)
        #endif
        #expect(messages.filter { $0.contains("\\ForgetfulSettings.theme") }.count == 1)
        #expect(!messages.contains { $0.contains("fontSize") })
        withExtendedLifetime(tokens) {}
    }

    @Test func theRegistrationIsRealCountedAndRemovable() {
        let settings = ForgetfulSettings()
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        settings.addObserver(observer, forKeyPath: \.density, options: [.new])
        #expect(settings.observerCount(for: \.density) == 1)
        #expect(
            ObservationDiagnostics.reportedMessages.contains { $0.contains("\\ForgetfulSettings.density") })

        settings.willChangeValue(for: \.density)
        settings.density = 2
        settings.didChangeValue(for: \.density)
        #expect(recorder.events == [ObservedCall(observer: "O", newValue: "2")])
        #expect(settings.removeObserver(observer, forKeyPath: \.density) == true)
        #expect(settings.observerCount(for: \.density) == 0)
    }

    @Test func aKeyPathDeclaredAsNotifiedByHandIsNotDiagnosed() {
        let settings = ThemeSettings()
        let token = settings.observe(\.note) { _, _ in }
        #expect(!ObservationDiagnostics.reportedMessages.contains { $0.contains("ThemeSettings") })
        withExtendedLifetime(token) {}
    }
}
