import Observing
import Testing

/// `ObservableProperty` promises not checked elsewhere.
@Suite struct ObservablePropertyPromiseTests {
    /// Prior calls come before each change.
    ///
    /// ObservableProperty.swift (`observe(options:changeHandler:)`): "With `.prior` it is also
    /// called before each change's notification with `isPrior == true`."
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
