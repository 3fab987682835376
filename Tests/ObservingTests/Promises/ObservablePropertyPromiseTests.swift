import Dispatch
import Observing
import Testing

/// `ObservableProperty` promises not checked elsewhere.
@Suite struct ObservablePropertyPromiseTests {
    /// Prior calls come before each change.
    ///
    /// ObservableProperty.swift (`observe(options:changeHandler:)`): "With `.prior` it is also
    /// called before each change's notification with `isPrior == true`."
    /// A queued `.initial` call is no change: it sends no prior call, even to a `.prior`
    /// registration made from a handler (whose initial call waits behind the notification).
    ///
    /// ObservableProperty.swift: "With `.initial` it is first called with the current value";
    /// "With `.prior` it is also called before each change's notification".
    @Test(arguments: [false, true]) func aQueuedInitialCallSendsNoPriorCall(removeDuplicates: Bool) {
        let property = ObservableProperty(0)
        let calls = Recorder<String>()
        let box = PropertyTokenBox()
        let options: KeyValueObservingOptions =
            removeDuplicates ? [.initial, .prior, .new, .removeDuplicates] : [.initial, .prior, .new]
        let adder = property.observe(options: [.new], queue: nil) { _ in
            guard box.token == nil else { return }
            box.token = property.observe(options: options, queue: nil) { change in
                calls.record(
                    "\(change.isPrior ? "prior" : "after") \(change.newValue.map(String.init) ?? "-")")
            }
        }
        property.value = 1
        #expect(calls.events == ["after 1"])
        property.value = 2
        #expect(calls.events == ["after 1", "prior -", "after 2"])
        withExtendedLifetime(adder) {}
    }

    /// A call waiting on a queue that has not run it holds nothing of the property: the
    /// property deallocates, its tokens turn invalid and its handlers are released.
    ///
    /// ObservableProperty.swift: "The handler is retained until
    /// the token is invalidated or deallocated"; nothing else is kept alive by an observation.
    @Test func aCallWaitingOnAQueueDoesNotKeepThePropertyAlive() {
        let queue = DispatchQueue(label: "suspended")
        queue.suspend()
        weak var weakProperty: ObservableProperty<Int>?
        weak var weakProbe: LifetimeProbe?
        var property: ObservableProperty<Int>? = ObservableProperty(0)
        weakProperty = property
        let queued = property?.observe(options: [.new], queue: queue) { _ in }
        let synchronous: ObservationToken?
        do {
            let probe = LifetimeProbe()
            weakProbe = probe
            synchronous = property?.observe(options: [.new]) { _ in _ = probe }
        }
        property?.value = 1
        property = nil
        #expect(weakProperty == nil)
        #expect(queued?.isValid == false)
        #expect(synchronous?.isValid == false)
        #expect(weakProbe == nil)
        queue.resume()
        queue.sync {}
    }

    @Test func priorCallsComeBeforeEachChange() {
        let property = ObservableProperty(0)
        let calls = Recorder<String>()
        let token = property.observe(options: [.prior, .old, .new]) { change in
            calls.record(
                "\(change.isPrior ? "prior" : "after") \(change.oldValue ?? -1)->\(change.newValue ?? -1)")
        }

        property.value = 1
        property.value = 2

        #expect(calls.events == ["prior 0->-1", "after 0->1", "prior 1->-1", "after 1->2"])
        token.invalidate()
    }

    /// Every set notifies before the setter returns even with an equal value.
    ///
    /// ObservableProperty.swift: "Every set notifies, as KVO does, unless a registration asks
    /// for `.removeDuplicates`", and "A handler runs synchronously on a thread that is setting
    /// the property".
    @Test func everySetNotifiesBeforeTheSetterReturnsEvenWithAnEqualValue() {
        let property = ObservableProperty("a")
        let events = Recorder<String>()
        let token = property.observe(options: [.old, .new]) { change in
            events.record("\(change.oldValue ?? "-")->\(change.newValue ?? "-")")
        }

        property.value = "a"
        events.record("returned")
        property.value = "a"

        #expect(events.events == ["a->a", "returned", "a->a"])
        token.invalidate()
    }
}

/// Holds a token made inside a handler.
private final class PropertyTokenBox: @unchecked Sendable {
    // Unchecked: written by the handler that makes the token, on the setting thread only.
    var token: ObservationToken?
}
