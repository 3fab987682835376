import Observing
import Testing

@Suite struct OptionsTests {
    private struct Call: Equatable {
        var isPrior: Bool
        var oldValue: String?
        var newValue: String?
        var propertyReads: String
    }

    @Test func priorCallComesBeforeTheStoreWithTheOldValueOnly() {
        let item = TabItem()
        item.title = "A"
        let calls = Recorder<String>()
        let token = item.observe(\.title, options: [.prior, .old, .new]) { item, change in
            calls.record(
                "prior=\(change.isPrior) old=\(change.oldValue ?? "-") new=\(change.newValue ?? "-") reads=\(item.title)"
            )
        }

        item.title = "B"

        #expect(
            calls.events == [
                "prior=true old=A new=- reads=A",
                "prior=false old=A new=B reads=B",
            ])
        token.invalidate()
    }

    /// As for block observations: an observer's prior call carries the old value only, however
    /// the change is boxed for it (a regression the model-based test found).
    @Test(arguments: [KeyValueObservingOptions([.prior, .new]), [.prior, .new, .old]])
    func anObserversPriorCallCarriesNoNewValue(options: KeyValueObservingOptions) {
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("o", recorder: recorder)
        let item = TabItem()
        item.title = "a"
        item.addObserver(observer, forKeyPath: \.title, options: options)
        item.title = "b"
        let old = options.contains(.old) ? "a" : nil
        #expect(
            recorder.events == [
                ObservedCall(observer: "o", newValue: nil, oldValue: old, isPrior: true),
                ObservedCall(observer: "o", newValue: "b", oldValue: old, isPrior: false),
            ])
        withExtendedLifetime(observer) {}
    }

    @Test func withoutPriorOneCallAfterTheStore() {
        let item = TabItem()
        item.title = "A"
        let calls = Recorder<String>()
        let token = item.observe(\.title, options: [.old, .new]) { item, change in
            calls.record(
                "prior=\(change.isPrior) old=\(change.oldValue ?? "-") new=\(change.newValue ?? "-") reads=\(item.title)"
            )
        }

        item.title = "B"

        #expect(calls.events == ["prior=false old=A new=B reads=B"])
        token.invalidate()
    }

    @Test func initialCallsOnceDuringRegistrationWithTheCurrentValue() {
        let item = TabItem()
        item.title = "now"
        let calls = Recorder<String>()
        let token = item.observe(\.title, options: [.initial, .new, .old]) { _, change in
            calls.record("new=\(change.newValue ?? "-") old=\(change.oldValue ?? "-") kind=\(change.kind)")
        }

        #expect(calls.events == ["new=now old=- kind=setting"])
        _ = token
    }

    @Test func oldAndNewDecideWhichValuesAreFilledIn() {
        let item = TabItem()
        item.title = "a"
        let calls = Recorder<String>()
        var tokens: [ObservationToken] = []
        for options: KeyValueObservingOptions in [[], [.new], [.old]] {
            item.observe(\.title, options: options) { _, change in
                calls.record("\(change.oldValue ?? "-")/\(change.newValue ?? "-")")
            }.store(in: &tokens)
        }

        item.title = "b"

        #expect(calls.events == ["-/-", "-/b", "a/-"])
    }

    @Test func everySetNotifiesEvenWithAnEqualValue() {
        let item = TabItem()
        let calls = Recorder<String>()
        let token = item.observe(\.title, options: [.new]) { _, change in calls.record(change.newValue ?? "-")
        }

        item.title = "same"
        item.title = "same"

        #expect(calls.events == ["same", "same"])
        token.invalidate()
    }

    @Test func removeDuplicatesSkipsEqualValues() {
        let item = TabItem()
        let calls = Recorder<String>()
        let token = item.observe(\.title, options: [.new, .prior, .removeDuplicates]) { _, change in
            calls.record("\(change.isPrior ? "prior" : "after") \(change.newValue ?? "-")")
        }

        item.title = "same"
        item.title = "same"
        item.title = "other"

        #expect(calls.events == ["prior -", "after same", "prior -", "after other"])
        token.invalidate()
    }

    @Test func observerProtocolReceivesTypedValues() {
        let counter = Counter()
        let observer = TypedObserver()
        counter.addObserver(observer, forKeyPath: \.value, options: [.old, .new])

        counter.value = 4

        #expect(observer.values == [TypedObserver.Value(old: 0, new: 4)])
    }
}

private final class TypedObserver: KeyValueObserver {
    struct Value: Equatable {
        var old: Int?
        var new: Int?
    }
    var values: [Value] = []

    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        values.append(Value(old: change.oldValue(as: Int.self), new: change.newValue(as: Int.self)))
    }
}
