import Observing
import Testing

/// `removeObserver(_:)` removes everything one observer registered on one object, as
/// FBKVOController's `unobserve:`, and nothing else.
@MainActor
@Suite struct ObserverRemovalAllTests {
    @Test func removesEveryRegistrationOfTheObserverOnTheObject() {
        let shell = Shell()
        let item = TabItem()
        shell.selectedItem = item
        let recorder = Recorder<ObservedCall>()
        let badge = RecordingObserver("badge", recorder: recorder)
        let other = RecordingObserver("other", recorder: recorder)
        let c1 = ObservationContext()
        let c2 = ObservationContext()
        shell.addObserver(badge, forKeyPath: \.selectedItem, options: [.new], context: c1)
        shell.addObserver(badge, forKeyPath: \.selectedItem, options: [.new], context: c2)
        shell.addObserver(badge, forKeyPath: \.items, options: [.new])
        shell.addObserver(badge, forKeyPath: \.selectedItem?.badgeValue, options: [.new])
        shell.addObserver(other, forKeyPath: \.selectedItem, options: [.new])
        item.addObserver(badge, forKeyPath: \.badgeValue, options: [.new])
        var blockCalls = 0
        let token = shell.observe(\.items) { _, _ in blockCalls += 1 }

        #expect(shell.removeObserver(badge) == 4)
        #expect(shell.removeObserver(badge) == 0)

        shell.selectedItem = TabItem()
        shell.items = []
        item.badgeValue = "1"
        #expect(recorder.events.map(\.observer) == ["other", "badge"])
        #expect(blockCalls == 1)
        #expect(shell.observerCount(for: \.selectedItem) == 1)
        #expect(item.observerCount(for: \.badgeValue) == 1)
        withExtendedLifetime(token) {}
    }

    @Test func includesRegistrationsOnKeyPathsNotifiedByHand() {
        let settings = ThemeSettings()
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        settings.addObserver(observer, forKeyPath: \.theme, options: [.new])
        settings.addObserver(observer, forKeyPath: \.fontSize, options: [.new])
        #expect(settings.removeObserver(observer) == 2)
        settings.theme = "dark"
        settings.fontSize = 3
        #expect(recorder.events.isEmpty)
    }

    @Test func isSafeFromInsideTheObserversOwnCall() {
        let item = TabItem()
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        item.addObserver(observer, forKeyPath: \.badgeValue, options: [.new])
        item.addObserver(observer, forKeyPath: \.badgeValue, options: [.new], context: ObservationContext())
        observer.onChange = { item.removeObserver($0) }
        item.badgeValue = "1"
        item.badgeValue = "2"
        #expect(recorder.events.count == 1)
        #expect(item.observerCount(for: \.badgeValue) == 0)
    }
}
