import Dispatch
import Observing
import Testing

/// Where `ObservableProperty` differs from `@Observed` by design, pinned as documented.
///
/// Both follow from its storing each set at once, atomically, whatever thread sets it. A cold
/// bug hunt took both for bugs: the documentation now says so where each option is described.
@Suite struct ObservablePropertyOrderTests {
    /// A prior call comes after the store, just before the same handler's own notification.
    @Test func aPriorCallReadsTheStoredValueAndPrecedesItsOwnHandlersNotification() {
        let count = ObservableProperty(0)
        let calls = Recorder<String>()
        let first = count.observe(options: [.prior], queue: nil) { change in
            calls.record("first \(change.isPrior ? "prior" : "after") reads \(count.value)")
        }
        let second = count.observe(options: [.prior], queue: nil) { change in
            calls.record("second \(change.isPrior ? "prior" : "after") reads \(count.value)")
        }

        count.value = 1

        #expect(
            calls.events == [
                "first prior reads 1", "first after reads 1", "second prior reads 1", "second after reads 1",
            ])
        withExtendedLifetime((first, second)) {}
    }

    /// The property's end ends its registrations: a change still waiting on a handler's queue
    /// is dropped, as after `invalidate()`, so the token's `isValid` and delivery agree.
    @Test func aChangeWaitingOnAQueueIsDroppedWhenThePropertyEnds() {
        let queue = DispatchQueue(label: "ObservablePropertyOrderTests")
        queue.suspend()
        var count: ObservableProperty<Int>? = ObservableProperty(0)
        let calls = Recorder<Int>()
        let token = count?.observe(options: [.new], queue: Optional(queue)) { change in
            calls.record(change.newValue ?? -1)
        }
        count?.value = 1
        #expect(token?.isValid == true)

        count = nil
        #expect(token?.isValid == false)
        queue.resume()
        queue.sync {}

        #expect(calls.events.isEmpty)
        withExtendedLifetime(token) {}
    }
}
