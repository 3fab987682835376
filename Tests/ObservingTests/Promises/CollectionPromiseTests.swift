import Observing
import Testing

/// Promises of Collections.md not checked elsewhere.
@Suite struct CollectionPromiseTests {
    /// A derived registration receives a setting with whole values.
    ///
    /// Collections.md: "A registration through a computed property or a chain that reads the
    /// array receives a `KeyValueChangeKind/setting` change with the whole old and new values its
    /// key path produces."
    @Test func aDerivedRegistrationReceivesASettingWithWholeValues() {
        let holder = InboxHolder()
        let inbox = Inbox()
        inbox.messages = ["a"]
        holder.inbox = inbox
        let calls = Recorder<String>()
        let computed = inbox.observe(\.allMessages, options: [.old, .new]) { _, change in
            calls.record(
                "computed \(change.kind) \(change.indexes == nil) \(change.oldValue ?? []) \(change.newValue ?? [])"
            )
        }
        let chain = holder.observe(\.inbox?.messages, options: [.old, .new]) { _, change in
            calls.record(
                "chain \(change.kind) \(change.indexes == nil) \((change.oldValue ?? nil) ?? []) \((change.newValue ?? nil) ?? [])"
            )
        }

        inbox.mutableArrayValue(for: \.messages).append("b")

        #expect(
            calls.events == [
                "computed setting true [\"a\"] [\"a\", \"b\"]",
                "chain setting true [\"a\"] [\"a\", \"b\"]",
            ])
        withExtendedLifetime((computed, chain)) {}
    }

    /// Prior calls of an element change carry its kind and indexes.
    ///
    /// Collections.md: "`.prior` calls come before the store, with the same kind and indexes."
    @Test func priorCallsOfAnElementChangeCarryItsKindAndIndexes() {
        let inbox = Inbox()
        inbox.messages = ["a", "b"]
        let calls = Recorder<String>()
        let token = inbox.observe(\.messages, options: [.prior, .old, .new]) { inbox, change in
            calls.record(
                "\(change.isPrior ? "prior" : "after") \(change.kind) \(change.indexes?.sorted() ?? []) old=\(change.oldValue ?? []) new=\(change.newValue ?? []) reads=\(inbox.messages)"
            )
        }

        inbox.mutableArrayValue(for: \.messages).replace(at: 1, with: "c")

        #expect(
            calls.events == [
                "prior replacement [1] old=[\"b\"] new=[] reads=[\"a\", \"b\"]",
                "after replacement [1] old=[\"b\"] new=[\"c\"] reads=[\"a\", \"c\"]",
            ])
        token.invalidate()
    }

    /// The proxies retain the object.
    ///
    /// Collections.md: "The proxy retains the object"; MutableSetValue.swift: "The proxy; it
    /// retains this object."
    @Test func theProxiesRetainTheObject() {
        weak var weakInbox: Inbox?
        weak var weakNote: SetNote?
        let messages: MutableArrayValue<Inbox, String>
        let tags: MutableSetValue<SetNote, String>
        do {
            let inbox = Inbox()
            weakInbox = inbox
            messages = inbox.mutableArrayValue(for: \.messages)
            let note = SetNote()
            weakNote = note
            tags = note.mutableSetValue(for: \.tags)
        }
        #expect(weakInbox != nil && weakNote != nil)
        messages.append("x")
        tags.insert("y")
        #expect(messages.elements == ["x"])
        #expect(weakNote?.tags == ["y"])
    }

    /// Appends stay in place while a computed key path over the array is observed with old
    /// values, and its observer gets each count before and after.
    ///
    /// Collections.md: "A mutation through an `@Observed` property runs in place while nothing
    /// needs the old value" of the property; a computed key path's old value is read before
    /// the mutation begins, from the key path, so it needs no copy of the array.
    @Test func appendsStayInPlaceWhileAComputedKeyPathIsObservedWithOldValues() {
        let list = CountedList()
        list.items.reserveCapacity(64)
        let calls = Recorder<String>()
        let token = list.observe(\.count, options: [.old, .new]) { _, change in
            calls.record("\(change.oldValue ?? -1) -> \(change.newValue ?? -1)")
        }
        let start = list.items.withUnsafeBufferPointer { $0.baseAddress }

        for value in 0..<5 { list.items.append(value) }

        #expect(list.items.withUnsafeBufferPointer { $0.baseAddress } == start)
        #expect(calls.events == ["0 -> 1", "1 -> 2", "2 -> 3", "3 -> 4", "4 -> 5"])
        withExtendedLifetime(token) {}
    }
}

/// An array and a computed key path over it.
private final class CountedList: KeyValueObservable {
    @Observed var items: [Int] = []
    var count: Int { items.count }
}

private final class InboxHolder: KeyValueObservable {
    @Observed var inbox: Inbox?
}

private final class SetNote: KeyValueObservable {
    @Observed var tags: Set<String> = []
}

extension Inbox {
    fileprivate var allMessages: [String] { messages }
}
