import Observing
import Testing

@Suite struct ContextRemovalTests {
    @Test func removingBeforeAddingReturnsFalseAndCrashesNothing() {
        let item = TabItem()
        let observer = RecordingObserver("O", recorder: Recorder())
        #expect(item.removeObserver(observer, forKeyPath: \.badgeValue, context: c1) == false)
        #expect(item.observerCount(for: \.badgeValue) == 0)
    }

    @Test func removalMatchesTheContextExactly() {
        let item = TabItem()
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        item.addObserver(observer, forKeyPath: \.badgeValue, options: [.new], context: c1)
        item.addObserver(observer, forKeyPath: \.badgeValue, options: [.new], context: c2)
        #expect(item.observerCount(for: \.badgeValue) == 2)

        #expect(item.removeObserver(observer, forKeyPath: \.badgeValue, context: c1) == true)
        #expect(item.removeObserver(observer, forKeyPath: \.badgeValue, context: c1) == false)
        item.badgeValue = "3"

        #expect(recorder.events == [ObservedCall(observer: "O", newValue: "3", context: c2)])
        #expect(item.observerCount(for: \.badgeValue) == 1)
    }

    @Test func subclassAndSuperclassRegistrationsNeverRemoveEachOther() {
        let model = SubModel()
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        // The superclass's code registers on itself typed as the superclass, the subclass's on its own.
        let asBase: BaseModel = model
        asBase.addObserver(observer, forKeyPath: \BaseModel.title, options: [.new], context: superContext)
        model.addObserver(observer, forKeyPath: \SubModel.title, options: [.new], context: subContext)

        #expect(model.removeObserver(observer, forKeyPath: \SubModel.title, context: subContext) == true)
        #expect(model.removeObserver(observer, forKeyPath: \.title, context: nil) == false)
        model.title = "x"

        #expect(recorder.events == [ObservedCall(observer: "O", newValue: "x", context: superContext)])
    }

    @Test func subclassKeyPathRemovesSuperclassKeyPathRegistration() {
        let model = SubModel()
        let observer = RecordingObserver("O", recorder: Recorder())
        let asBase: BaseModel = model
        asBase.addObserver(observer, forKeyPath: \BaseModel.title, context: c1)
        #expect(model.removeObserver(observer, forKeyPath: \SubModel.title, context: c1) == true)
        #expect(model.observerCount(for: \.title) == 0)
    }

    @Test func aComputedPropertyThatReturnsAStoredOneIsAnotherKeyPath() {
        let profile = NamedProfile()
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        profile.addObserver(observer, forKeyPath: \.displayName, options: [.new], context: c1)

        #expect(profile.removeObserver(observer, forKeyPath: \.name, context: c1) == false)
        profile.name = "Ada"

        #expect(recorder.events == [ObservedCall(observer: "O", newValue: "Ada", context: c1)])
        #expect(profile.removeObserver(observer, forKeyPath: \.displayName, context: c1) == true)
    }

    @Test func nilContextMatchesOnlyNilRegistrations() {
        let item = TabItem()
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        item.addObserver(observer, forKeyPath: \.title, options: [.new])
        item.addObserver(observer, forKeyPath: \.title, options: [.new], context: c1)

        #expect(item.removeObserver(observer, forKeyPath: \.title) == true)
        #expect(item.removeObserver(observer, forKeyPath: \.title) == false)
        item.title = "y"

        #expect(recorder.events == [ObservedCall(observer: "O", newValue: "y", context: c1)])
    }

    @Test func removingAnotherObserversRegistrationReturnsFalse() {
        let item = TabItem()
        let recorder = Recorder<ObservedCall>()
        let first = RecordingObserver("A", recorder: recorder)
        let second = RecordingObserver("B", recorder: recorder)
        item.addObserver(first, forKeyPath: \.title, options: [.new], context: c1)

        #expect(item.removeObserver(second, forKeyPath: \.title, context: c1) == false)
        item.title = "z"
        #expect(recorder.events == [ObservedCall(observer: "A", newValue: "z", context: c1)])
    }
}

private final class NamedProfile: KeyValueObservable {
    @Observed var name = ""
    var displayName: String { name }
}

private let c1 = ObservationContext("C1")
private let c2 = ObservationContext("C2")
private let superContext = ObservationContext("BaseModel")
private let subContext = ObservationContext("SubModel")
