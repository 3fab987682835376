import Observing
import Testing

/// Writes made from `.prior` callbacks, before the store of the set in flight: deferred, in
/// order, each a set of its own; to-many mutations build on the latest value.
@Suite struct PriorPhaseWriteTests {
    @Test func twoArrayMutationsFromAPriorCallbackApplyInOrderWithTheirOwnKinds() {
        let inbox = Inbox()
        let changes = Recorder<String>()
        let firstPrior = Once()
        let token = inbox.observe(\.messages, options: [.prior, .old, .new]) { inbox, change in
            changes.record(describe(change) + " reads=\(inbox.messages)")
            guard change.isPrior, firstPrior.take() else { return }
            let messages = inbox.mutableArrayValue(for: \.messages)
            messages.append("d")
            messages.remove(at: 3)
        }

        inbox.messages = ["a", "b", "c"]

        #expect(
            changes.events == [
                "prior setting old=[] reads=[]",
                "setting [] -> [\"a\", \"b\", \"c\"] reads=[\"a\", \"b\", \"c\"]",
                "prior insertion [3] old=nil reads=[\"a\", \"b\", \"c\"]",
                "insertion [3] nil -> [\"d\"] reads=[\"a\", \"b\", \"c\", \"d\"]",
                "prior removal [3] old=[\"d\"] reads=[\"a\", \"b\", \"c\", \"d\"]",
                "removal [3] [\"d\"] -> nil reads=[\"a\", \"b\", \"c\"]",
            ])
        #expect(inbox.messages == ["a", "b", "c"])
        withExtendedLifetime(token) {}
    }

    @Test func plainSetsFromAPriorCallbackAreStoredInSetOrderAfterTheSetInFlight() {
        let counter = Counter()
        let seen = Recorder<String>()
        let firstPrior = Once()
        let token = counter.observe(\.value, options: [.prior, .old, .new]) { counter, change in
            if change.isPrior {
                seen.record("prior \(change.oldValue ?? -1) reads=\(counter.value)")
                guard firstPrior.take() else { return }
                counter.value = 10
                counter.value = 20
                seen.record("still reads=\(counter.value)")
            } else {
                seen.record("\(change.oldValue ?? -1)->\(change.newValue ?? -1)")
            }
        }

        counter.value = 1

        #expect(
            seen.events == [
                "prior 0 reads=0", "still reads=0", "0->1", "prior 1 reads=1", "1->10", "prior 10 reads=10",
                "10->20",
            ])
        #expect(counter.value == 20)
        withExtendedLifetime(token) {}
    }

    @Test func deferredToManyChangesKeepTheirLabelsWhenMixedWithPlainSets() {
        let inbox = Inbox()
        let kinds = Recorder<String>()
        let firstPrior = Once()
        let token = inbox.observe(\.messages, options: [.prior, .new]) { inbox, change in
            guard !change.isPrior else {
                if firstPrior.take() {
                    let messages = inbox.mutableArrayValue(for: \.messages)
                    messages.insert("x", at: 0)
                    inbox.messages = ["p", "q"]
                    messages.replace(at: 1, with: "r")
                }
                return
            }
            kinds.record(
                "\(change.kind) \(change.indexes.map { $0.sorted() } ?? []) \(change.newValue ?? [])")
        }

        inbox.messages = ["a"]

        #expect(
            kinds.events == [
                "setting [] [\"a\"]", "insertion [0] [\"x\"]", "setting [] [\"p\", \"q\"]",
                "replacement [1] [\"r\"]",
            ])
        #expect(inbox.messages == ["p", "r"])
        withExtendedLifetime(token) {}
    }
}

private func describe(_ change: KeyValueObservedChange<[String]>) -> String {
    let indexes = change.indexes.map { " \($0.sorted())" } ?? ""
    let old = change.oldValue.map { "\($0)" } ?? "nil"
    if change.isPrior { return "prior \(change.kind)\(indexes) old=\(old)" }
    return "\(change.kind)\(indexes) \(old) -> \(change.newValue.map { "\($0)" } ?? "nil")"
}

/// True the first time only; the handlers that use it run on one thread.
private final class Once: @unchecked Sendable {
    private var isTaken = false

    func take() -> Bool {
        defer { isTaken = true }
        return !isTaken
    }
}
