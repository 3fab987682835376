import Observing
import Testing

/// `removeObserver(_:forKeyPath:context:)` removes the receiver's own registrations only, as
/// KVO's does.
@Suite struct ObserverRemovalTests {
    /// Found by the model-based test (seed 224): the removal looks in the registries of every
    /// storage the key path reads, including a chain's intermediate, which other objects' chains
    /// share; a registration now also matches on the object it was made on.
    @Test func removingAChainOnOneObjectLeavesAnotherObjectsChainAlone() {
        let item = TabItem()
        let first = Shell()
        let second = Shell()
        first.selectedItem = item
        second.selectedItem = item
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        let context = ObservationContext("chain")
        second.addObserver(
            observer, forKeyPath: \.selectedItem?.badgeValue, options: [.new], context: context)

        let removed = first.removeObserver(observer, forKeyPath: \.selectedItem?.badgeValue, context: context)
        item.badgeValue = "5"

        #expect(removed == false)
        #expect(second.observerCount(for: \.selectedItem?.badgeValue) == 1)
        #expect(recorder.events == [ObservedCall(observer: "O", newValue: "5", context: context)])
    }

    @Test func removingOnTheRightObjectStillWorksWhenChainsShareAnIntermediate() {
        let item = TabItem()
        let first = Shell()
        let second = Shell()
        first.selectedItem = item
        second.selectedItem = item
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        first.addObserver(observer, forKeyPath: \.selectedItem?.badgeValue, options: [.new])
        second.addObserver(observer, forKeyPath: \.selectedItem?.badgeValue, options: [.new])

        #expect(first.removeObserver(observer, forKeyPath: \.selectedItem?.badgeValue))
        item.badgeValue = "5"

        #expect(recorder.events == [ObservedCall(observer: "O", newValue: "5")])
        #expect(first.observerCount(for: \.selectedItem) == 0)
        #expect(second.observerCount(for: \.selectedItem) == 1)
    }
}
