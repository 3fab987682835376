import Observation
import Observing
import Testing

/// What `withObservationTracking`'s `onChange` does inside a manual change pair.
///
/// On a class that is both `KeyValueObservable` and `Observable`, a set inside a
/// `willChangeValue`/`didChangeValue` pair reports to Observation. Found by a cold review: an
/// `onChange` that closed the pair left the property's delivery stuck in the pair, and an
/// append from `onChange` was made to the value before the body's set, which it then overwrote.
@MainActor
@Suite struct ObservationInManualPairTests {
    @Test func anOnChangeThatClosesThePairLeavesLaterSetsNotifying() {
        let model = PairedModel()
        let told = Recorder<String>()
        let token = model.observe(\.unread, options: [.old, .new]) { _, change in
            told.record("\(change.oldValue ?? -1) -> \(change.newValue ?? -1)")
        }
        // onChange is `@Sendable`; it runs synchronously, inside the first set below.
        nonisolated(unsafe) let target = model
        withObservationTracking {
            _ = model.unread
        } onChange: {
            target.didChangeValue(for: \.unread)
            target.unread = 100
        }

        model.willChangeValue(for: \.unread)
        model.unread = 1
        let read = model.unread
        model.unread = 5
        model.unread = 6

        #expect(read == 100)
        #expect(model.unread == 6)
        // The pair is delivered when `onChange` closes it, before the store of 1, which joined
        // it and so sends no notification of its own; every later set notifies.
        #expect(told.events == ["0 -> 0", "1 -> 100", "100 -> 5", "5 -> 6"])
        withExtendedLifetime(token) {}
    }

    @Test func anAppendFromOnChangeInsideAPairAppliesToTheValueBeingStored() {
        let model = PairedModel()
        let told = Recorder<String>()
        let token = model.observe(\.tags, options: [.old, .new]) { _, change in
            told.record("\(change.kind) \(change.oldValue ?? []) -> \(change.newValue ?? [])")
        }
        nonisolated(unsafe) let target = model
        withObservationTracking {
            _ = model.tags
        } onChange: {
            target.mutableArrayValue(for: \.tags).append("z")
        }

        model.willChangeValue(for: \.tags)
        model.tags = ["a"]
        let read = model.tags
        model.didChangeValue(for: \.tags)

        #expect(read == ["a", "z"])
        #expect(model.tags == ["a", "z"])
        #expect(told.events == [#"setting [] -> ["a", "z"]"#])
        withExtendedLifetime(token) {}
    }
}

private final class PairedModel: KeyValueObservable, Observable {
    @Observed var unread = 0
    @Observed var tags: [String] = []
}
