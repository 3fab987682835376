import Testing

@testable import Observing

/// `Settings.theme` is a plain `var` where `@Observed` was forgotten.
final class ForgetfulSettings: KeyValueObservable {
    var theme = "light"
    var density = 1
    var doubledDensity: Int { density * 2 }
    @Observed var fontSize = 12
}

/// A shared model with one `@Observed` property.
final class NamingSource: KeyValueObservable {
    @Observed var value = 1
}

/// A view model with no storage of its own, over a shared model.
final class NamingViewModel: KeyValueObservable {
    let source: NamingSource
    init(_ source: NamingSource) { self.source = source }
    var doubled: Int { source.value * 2 }
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

    /// A computed key path prints as `\Type.<computed 0x… (Int)>`: the message names its root
    /// and value types, and the registering call says which one it is.
    @Test func aComputedKeyPathIsNamedByItsTypesAndCallSite() {
        let settings = ForgetfulSettings()
        let line = #line + 1
        let token = settings.observe(\.doubledDensity) { _, _ in }
        let messages = ObservationDiagnostics.reportedMessages.filter {
            $0.contains("a computed property of ForgetfulSettings (Int)")
        }
        #expect(messages.count == 1)
        #expect(!ObservationDiagnostics.reportedMessages.contains { $0.contains("<computed") })
        #if DEBUG  // release builds record no call site
            #expect(
                messages.first?.hasPrefix(
                    "Observing: a computed property of ForgetfulSettings (Int) (registered at "
                        + "ObservingTests/ForgottenObservedTests.swift:\(line)) reads no @Observed property; "
                )
                    == true)
        #endif
        withExtendedLifetime(token) {}
    }

    /// The diagnostic of a registration that cannot end with its object names the key path by
    /// its types and call site, and the other objects' properties it read.
    @Test func aRootWithNoSignOfItsEndIsNamedWithWhatItRead() {
        let source = NamingSource()
        let model = NamingViewModel(source)
        let line = #line + 1
        let token = model.observe(\.doubled) { _, _ in }
        let messages = ObservationDiagnostics.reportedMessages.filter {
            $0.contains("a computed property of NamingViewModel (Int)")
        }
        #expect(messages.count == 1)
        #expect(
            messages.first?.contains("reads only other objects' @Observed properties (\\NamingSource.value)")
                == true)
        #expect(messages.first?.contains("<computed") == false)
        #if DEBUG  // release builds record no call site
            #expect(
                messages.first?.contains(
                    "(registered at ObservingTests/ForgottenObservedTests.swift:\(line))") == true)
        #endif
        withExtendedLifetime(token) {}
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
