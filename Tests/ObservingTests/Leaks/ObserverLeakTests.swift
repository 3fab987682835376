import Observing
import Testing

/// `addObserver` registrations hold neither side: an observer that deallocates takes its
/// registrations with it, and so does an observed object.
@Suite struct ObserverLeakTests {
    @Test func aDeallocatedObserverIsFreedAndLeavesNoRegistration() {
        let shell = Shell()
        let item = TabItem()
        shell.selectedItem = item
        var leaks = LeakCheck()
        do {
            let observer = RecordingObserver("gone", recorder: Recorder())
            leaks.track(observer, as: "the observer")
            shell.addObserver(observer, forKeyPath: \.items, options: [.new])
            shell.addObserver(observer, forKeyPath: \.selectedItem?.badgeValue, options: [.new, .prior])
            shell.addObserver(observer, forKeyPath: \.itemTitles, options: [.initial, .new])
            #expect(shell.observerCount(for: \.items) == 2)
            #expect(item.observerCount(for: \.badgeValue) == 1)
        }
        #expect(leaks.survivors.isEmpty)
        #expect(counts(shell, item) == [0, 0, 0])
        // Notifying the dead registrations prunes them; nothing comes back.
        shell.items = [TabItem()]
        item.badgeValue = "1"
        shell.selectedItem = TabItem()
        #expect(counts(shell, item) == [0, 0, 0])
    }

    @Test func theObservedObjectIsNotRetainedByItsObservers() {
        let observer = RecordingObserver("kept", recorder: Recorder())
        let item = TabItem()
        var leaks = LeakCheck()
        do {
            let shell = Shell()
            leaks.track(shell, as: "the observed object")
            shell.selectedItem = item
            shell.addObserver(observer, forKeyPath: \.items)
            shell.addObserver(observer, forKeyPath: \.selectedItem?.badgeValue)
        }
        #expect(leaks.survivors.isEmpty)
        #expect(item.observerCount(for: \.badgeValue) == 0)
        item.badgeValue = "after"
        #expect(observer.recorder.events.isEmpty)
    }

    @Test func removingEveryRegistrationLeavesNothingBehind() {
        let shell = Shell()
        let item = TabItem()
        shell.selectedItem = item
        var leaks = LeakCheck()
        do {
            let observer = RecordingObserver("removed", recorder: Recorder())
            leaks.track(observer, as: "the observer")
            let context = ObservationContext("removal")
            shell.addObserver(observer, forKeyPath: \.items, context: context)
            shell.addObserver(observer, forKeyPath: \.selectedItem?.badgeValue, context: context)
            shell.addObserver(observer, forKeyPath: \.itemTitles)
            #expect(shell.removeObserver(observer, forKeyPath: \.items, context: context))
            #expect(shell.removeObserver(observer, forKeyPath: \.selectedItem?.badgeValue, context: context))
            #expect(shell.removeObserver(observer, forKeyPath: \.itemTitles))
            #expect(counts(shell, item) == [0, 0, 0])
        }
        #expect(leaks.survivors.isEmpty)
    }

    /// Found by the model-based test (seed 55): a chain registered with `.removeDuplicates` whose
    /// observer had deallocated re-wired, at a change skipped as a duplicate, without the observer
    /// as its anchor, and was then counted and kept until the observed object deallocated.
    @Test func derivedObserverWithRemoveDuplicatesEndsWithItsObserver() {
        let shell = Shell()
        let first = TabItem()
        let second = TabItem()
        first.badgeValue = "same"
        second.badgeValue = "same"
        shell.selectedItem = first
        do {
            let observer = RecordingObserver("gone", recorder: Recorder())
            shell.addObserver(
                observer, forKeyPath: \.selectedItem?.badgeValue, options: [.new, .removeDuplicates])
        }
        #expect(first.observerCount(for: \.badgeValue) == 0)

        // The chain's value stays "same": the change is a duplicate.
        shell.selectedItem = second

        #expect(second.observerCount(for: \.badgeValue) == 0)
        #expect(shell.observerCount(for: \.selectedItem?.badgeValue) == 0)
    }
}

extension Shell {
    /// A computed property over `items`.
    fileprivate var itemTitles: [String] { items.map(\.title) }
}

/// The registrations on `items`, on the chain's storages, and on the computed property.
private func counts(_ shell: Shell, _ item: TabItem) -> [Int] {
    [
        shell.observerCount(for: \.items), shell.observerCount(for: \.selectedItem?.badgeValue),
        item.observerCount(for: \.badgeValue),
    ]
}
