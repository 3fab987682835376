import Observing
import Testing

@Suite struct ReentrancyTests {
    @Test func observerRemovedDuringNotificationReceivesNothingMore() {
        let item = TabItem()
        let recorder = Recorder<ObservedCall>()
        let a = RecordingObserver("A", recorder: recorder)
        let b = RecordingObserver("B", recorder: recorder)
        let c = RecordingObserver("C", recorder: recorder)
        for observer in [a, b, c] { item.addObserver(observer, forKeyPath: \.title, options: [.new]) }
        a.onChange = { _ in item.removeObserver(b, forKeyPath: \.title) }

        item.title = "x"
        item.title = "y"

        #expect(
            recorder.events.map { "\($0.observer)=\($0.newValue ?? "-")" } == ["A=x", "C=x", "A=y", "C=y"])
    }

    @Test func observerAddedDuringNotificationMissesTheNotificationInFlight() {
        let item = TabItem()
        let recorder = Recorder<ObservedCall>()
        let a = RecordingObserver("A", recorder: recorder)
        let b = RecordingObserver("B", recorder: recorder)
        let c = RecordingObserver("C", recorder: recorder)
        let d = RecordingObserver("D", recorder: recorder)
        for observer in [a, b, c] { item.addObserver(observer, forKeyPath: \.title, options: [.new]) }
        var addedD = false
        a.onChange = { _ in
            guard !addedD else { return }
            addedD = true
            item.addObserver(d, forKeyPath: \.title, options: [.new])
        }

        item.title = "x"
        item.title = "y"

        #expect(
            recorder.events.map { "\($0.observer)=\($0.newValue ?? "-")" }
                == ["A=x", "B=x", "C=x", "A=y", "B=y", "C=y", "D=y"])
    }

    @Test func observerRemovesItselfDuringTheInitialCall() {
        let item = TabItem()
        item.title = "start"
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        observer.onChange = { observer in
            #expect(item.removeObserver(observer, forKeyPath: \.title) == true)
        }

        item.addObserver(observer, forKeyPath: \.title, options: [.initial, .new])
        item.title = "later"

        #expect(recorder.events == [ObservedCall(observer: "O", newValue: "start")])
        #expect(item.observerCount(for: \.title) == 0)
    }

    @Test func settingInsideHandlersTerminatesAndEveryObserverSeesTheFinalValueLast() {
        let counter = Counter()
        let seen = Recorder<String>()
        var tokens: [ObservationToken] = []
        // The first observer counts up to 3 from inside its own notifications.
        counter.observe(\.value, options: [.new]) { counter, change in
            seen.record("first=\(change.newValue ?? -1)")
            if let value = change.newValue, value < 3 { counter.value = value + 1 }
        }.store(in: &tokens)
        counter.observe(\.value, options: [.old, .new]) { counter, change in
            seen.record("second=\(change.oldValue ?? -1)->\(change.newValue ?? -1)")
        }.store(in: &tokens)

        counter.value = 1

        #expect(
            seen.events == [
                "first=1", "second=0->1", "first=2", "second=1->2", "first=3", "second=2->3",
            ])
        #expect(counter.value == 3)
    }

    @Test func settingFromAPriorCallbackIsStoredAfterTheSetInFlight() {
        let counter = Counter()
        let calls = Recorder<String>()
        let holder = TokenHolder()
        holder.token = counter.observe(\.value, options: [.prior, .old, .new]) { counter, change in
            let old = change.oldValue ?? -1
            if change.isPrior {
                calls.record("prior old=\(old) reads=\(counter.value)")
                if old == 0 { counter.value = 100 }
            } else {
                calls.record("after \(old)->\(change.newValue ?? -1) reads=\(counter.value)")
            }
        }

        counter.value = 1

        #expect(
            calls.events == [
                "prior old=0 reads=0",
                "after 0->1 reads=1",
                "prior old=1 reads=1",
                "after 1->100 reads=100",
            ])
        #expect(counter.value == 100)
    }

    @Test func tokenInvalidatedFromItsOwnHandlerStopsAtOnce() {
        let counter = Counter()
        let seen = Recorder<Int>()
        let holder = TokenHolder()
        holder.token = counter.observe(\.value, options: [.new]) { _, change in
            seen.record(change.newValue ?? -1)
            holder.token?.invalidate()
        }

        counter.value = 1
        counter.value = 2

        #expect(seen.events == [1])
        #expect(holder.token?.isValid == false)
    }
}

private final class TokenHolder: @unchecked Sendable {
    var token: ObservationToken?
}
