import Observing
import Testing

@Suite struct ToManyChangeTests {
    private struct Call: Equatable {
        var kind: KeyValueChangeKind
        var indexes: Set<Int>?
        var old: [String]?
        var new: [String]?
    }

    @Test func elementMutationsNotifyWithKindsIndexesAndAffectedElements() {
        let inbox = Inbox()
        inbox.messages = ["a", "b", "c"]
        let calls = Recorder<String>()
        let token = inbox.observe(\.messages, options: [.old, .new]) { _, change in
            calls.record(
                "\(change.kind) \(change.indexes.map { $0.sorted().description } ?? "nil") "
                    + "old=\(change.oldValue?.description ?? "nil") new=\(change.newValue?.description ?? "nil")"
            )
        }
        let messages = inbox.mutableArrayValue(for: \.messages)

        messages.insert("x", at: 1)
        #expect(inbox.messages == ["a", "x", "b", "c"])
        messages.remove(at: [0, 2])
        #expect(inbox.messages == ["x", "c"])
        messages.replace(at: 0, with: "y")
        #expect(inbox.messages == ["y", "c"])
        inbox.messages = ["new"]

        #expect(
            calls.events == [
                #"insertion [1] old=nil new=["x"]"#,
                #"removal [0, 2] old=["a", "b"] new=nil"#,
                #"replacement [0] old=["x"] new=["y"]"#,
                #"setting nil old=["y", "c"] new=["new"]"#,
            ])
        token.invalidate()
    }

    @Test func insertingAtSeveralIndexesUsesPositionsInTheNewArray() {
        let inbox = Inbox()
        inbox.messages = ["a", "b"]
        let indexes = Recorder<[Int]>()
        let token = inbox.observe(\.messages, options: [.new]) { _, change in
            indexes.record(change.indexes.map { $0.sorted() } ?? [])
        }

        inbox.mutableArrayValue(for: \.messages).insert(["x", "y"], at: [0, 3])

        #expect(inbox.messages == ["x", "a", "b", "y"])
        #expect(indexes.events == [[0, 3]])
        token.invalidate()
    }
}
