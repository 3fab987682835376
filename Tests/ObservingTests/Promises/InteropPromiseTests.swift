import Observation
import Observing
import Testing

/// Promises of SwiftObservationAndSwiftUI.md not checked elsewhere.
@Suite struct InteropPromiseTests {
    /// Prior calls come first, then `onChange`, the store and the after calls.
    ///
    /// SwiftObservationAndSwiftUI.md: "Observing sends `.prior` calls first, then Observation's
    /// `willSet` (`onChange`), then stores, then Observation's `didSet`, then the KVO-style
    /// calls."
    @Test func priorCallsThenOnChangeThenTheStoreThenTheAfterCalls() {
        let card = InteropCard()
        let order = Recorder<String>()
        let token = card.observe(\.title, options: [.prior, .new]) { card, change in
            order.record("\(change.isPrior ? "prior" : "after") reads=\(card.title)")
        }
        withObservationTracking {
            _ = card.title
        } onChange: {
            order.record("onChange")
        }

        card.title = "x"

        #expect(order.events == ["prior reads=", "onChange", "after reads=x"])
        token.invalidate()
    }
}

/// `@unchecked Sendable`: the tracking's `onChange` is `@Sendable`; the test uses the card on
/// one thread.
private final class InteropCard: KeyValueObservable, Observable, @unchecked Sendable {
    @Observed var title = ""
}
