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
    /// A set from `onChange` is stored right after the set in flight, joining the pair as the
    /// body's sets do: the body reads it, and its later sets are stored at once rather than
    /// waiting behind it for `didChangeValue` (they read 1 twice, and the property ended at 2).
    @Test func aSetFromOnChangeJoinsThePair() {
        let model = PairedModel()
        let (told, token) = recordUnread(of: model) { $0.unread = 100 }

        model.willChangeValue(for: \.unread)
        model.unread += 1
        let first = model.unread
        model.unread += 1
        let second = model.unread
        model.didChangeValue(for: \.unread)

        #expect([first, second] == [100, 101])
        #expect(told.events == ["0 -> 101"])
        #expect(model.unread == 101)
        withExtendedLifetime(token) {}
    }

    @Test func anOnChangeThatClosesThePairLeavesLaterSetsNotifying() {
        let model = PairedModel()
        let (told, token) = recordUnread(of: model) { model in
            model.didChangeValue(for: \.unread)
            model.unread = 100
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

    /// Found by a second cold review: once an `onChange` closed the pair, its append was set
    /// again without its description, as a plain `.setting`.
    @Test func anAppendFromAnOnChangeThatClosedThePairIsReportedAsAnInsertion() {
        let model = PairedModel()
        let told = Recorder<String>()
        let token = model.observe(\.tags, options: [.old, .new]) { _, change in
            told.record(
                "\(change.kind) \(change.newValue ?? []) \(change.indexes.map { Array($0).sorted() } ?? [])")
        }
        nonisolated(unsafe) let target = model
        withObservationTracking {
            _ = model.tags
        } onChange: {
            target.didChangeValue(for: \.tags)
            target.mutableArrayValue(for: \.tags).append("z")
        }

        model.willChangeValue(for: \.tags)
        model.tags = ["a"]

        #expect(model.tags == ["a", "z"])
        #expect(told.events == [#"setting [] []"#, #"insertion ["z"] [1]"#])
        withExtendedLifetime(token) {}
    }
}

/// Records each change of `model.unread` as "old -> new", and runs `onChange` with the model
/// at the next change that Observation reports.
@MainActor
private func recordUnread(of model: PairedModel, onChange: @escaping (PairedModel) -> Void)
    -> (Recorder<String>, ObservationToken)
{
    let told = Recorder<String>()
    let token = model.observe(\.unread, options: [.old, .new]) { _, change in
        told.record("\(change.oldValue ?? -1) -> \(change.newValue ?? -1)")
    }
    // onChange is `@Sendable`; it runs synchronously, inside the set that reports first.
    nonisolated(unsafe) let (target, body) = (model, onChange)
    withObservationTracking {
        _ = model.unread
    } onChange: {
        body(target)
    }
    return (told, token)
}

private final class PairedModel: KeyValueObservable, Observable {
    @Observed var unread = 0
    @Observed var tags: [String] = []
}
