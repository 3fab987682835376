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

    /// An array that is not `@Observed` is notified by hand, as a plain set is, with the kinds
    /// and indexes of KVO's to-many changes.
    ///
    /// Collections.md: "Neither proxy changes a property silently"; for a plain array "the
    /// proxy wraps each mutation in a pair [...] so that its observers receive the same kinds,
    /// indexes and elements as on an `@Observed` property, prior calls included". The indexes
    /// are KVO's `NSKeyValueChange` ones: an insertion's in the new array, a removal's in the
    /// old one.
    @Test func anArrayThatIsNotObservedIsNotifiedByHand() {
        let log = PlainLog()
        let calls = Recorder<String>()
        let token = log.observe(\.lines, options: [.prior, .old, .new]) { log, change in
            calls.record(
                "\(change.isPrior ? "prior" : "after") \(change.kind) \(change.indexes?.sorted() ?? []) old=\(change.oldValue ?? []) new=\(change.newValue ?? []) reads=\(log.lines)"
            )
        }
        let lines = log.mutableArrayValue(for: \.lines)

        lines.append("b")
        lines.insert(["a", "c"], at: [0, 2])
        lines.replace(at: 1, with: "B")
        lines.remove(at: [0, 2])

        #expect(
            calls.events == [
                "prior insertion [0] old=[] new=[] reads=[]",
                "after insertion [0] old=[] new=[\"b\"] reads=[\"b\"]",
                "prior insertion [0, 2] old=[] new=[] reads=[\"b\"]",
                "after insertion [0, 2] old=[] new=[\"a\", \"c\"] reads=[\"a\", \"b\", \"c\"]",
                "prior replacement [1] old=[\"b\"] new=[] reads=[\"a\", \"b\", \"c\"]",
                "after replacement [1] old=[\"b\"] new=[\"B\"] reads=[\"a\", \"B\", \"c\"]",
                "prior removal [0, 2] old=[\"a\", \"c\"] new=[] reads=[\"a\", \"B\", \"c\"]",
                "after removal [0, 2] old=[\"a\", \"c\"] new=[] reads=[\"B\"]",
            ])
        #expect(log.lines == ["B"])
        token.invalidate()
    }

    /// A chain through either proxy is told once per mutation: the collection's own storage
    /// notifies it, and the proxy opens no pair of its own.
    ///
    /// Collections.md: for "a chain whose last `@Observed` read is storage of the collection's
    /// type [...] Its observers receive one `setting` change per mutation (one prior call, one after call) [...]; the proxy
    /// adds no pair of its own."
    @Test func aChainThroughTheArrayProxyIsToldOncePerMutation() {
        let holder = LetInboxHolder()
        holder.inbox.messages = ["a"]
        let calls = Recorder<String>()
        let tokens = [
            holder.observe(\.inbox.messages, options: [.prior, .old, .new]) { _, change in
                calls.record(
                    "messages \(change.isPrior ? "prior" : "after") \(change.kind) old=\(change.oldValue ?? []) new=\(change.newValue ?? [])"
                )
            },
            holder.observe(\.inbox.tags, options: [.prior, .new]) { _, change in
                calls.record(
                    "tags \(change.isPrior ? "prior" : "after") \(change.kind) new=\((change.newValue ?? []).sorted())"
                )
            },
        ]

        holder.mutableArrayValue(for: \.inbox.messages).append("b")
        holder.mutableSetValue(for: \.inbox.tags).insert("t")

        #expect(
            calls.events == [
                "messages prior setting old=[\"a\"] new=[]",
                "messages after setting old=[\"a\"] new=[\"a\", \"b\"]",
                "tags prior setting new=[]",
                "tags after setting new=[\"t\"]",
            ])
        #expect(holder.inbox.messages == ["a", "b"] && holder.inbox.tags == ["t"])
        withExtendedLifetime(tokens) {}
    }

    /// A computed array whose getter reads `@Observed` storage is told once per mutation
    /// through the proxy, and so is a computed set.
    ///
    /// Collections.md: for "A computed property [...] whose last `@Observed` read is storage of
    /// the collection's type [...] Its observers receive one `setting` change per mutation (one prior call, one after call)".
    @Test func aComputedCollectionOverObservedStorageIsToldOncePerMutation() {
        let inbox = TaggedInbox()
        let calls = Recorder<String>()
        let tokens = [
            inbox.observe(\.visible, options: [.prior, .old, .new]) { _, change in
                calls.record(
                    "visible \(change.isPrior ? "prior" : "after") \(change.kind) old=\(change.oldValue ?? []) new=\(change.newValue ?? [])"
                )
            },
            inbox.observe(\.visibleTags, options: [.prior, .new]) { _, change in
                calls.record(
                    "visibleTags \(change.isPrior ? "prior" : "after") \(change.kind) new=\((change.newValue ?? []).sorted())"
                )
            },
        ]

        inbox.mutableArrayValue(for: \.visible).append("b")
        inbox.mutableSetValue(for: \.visibleTags).insert("t")

        #expect(
            calls.events == [
                "visible prior setting old=[] new=[]",
                "visible after setting old=[] new=[\"b\"]",
                "visibleTags prior setting new=[]",
                "visibleTags after setting new=[\"t\"]",
            ])
        #expect(inbox.messages == ["b"] && inbox.tags == ["t"])
        withExtendedLifetime(tokens) {}
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

    /// A chain whose last link is a collection notified by hand is notified by a pair, through
    /// either proxy: the `@Observed` link the chain reads on its way is not where the mutation
    /// lands (issue 31, item 6).
    ///
    /// Collections.md: "Neither proxy changes a property silently"; the proxy "mutates without
    /// a pair exactly when the last `@Observed` storage the getter reads holds a value of the
    /// collection's own type; otherwise it wraps each mutation in a pair", and "A chain's
    /// observers [...] receive a `setting` change with whole values."
    @Test func aChainEndingInACollectionNotifiedByHandIsNotifiedThroughAPair() {
        let root = BoxRoot()
        let calls = Recorder<String>()
        let tokens = [
            root.observe(\.holder.box.items, options: [.prior, .old, .new]) { _, change in
                calls.record(
                    "items \(change.isPrior ? "prior" : "after") \(change.kind) old=\(change.oldValue ?? []) new=\(change.newValue ?? [])"
                )
            },
            root.observe(\.holder.box.tags, options: [.prior, .old, .new]) { _, change in
                calls.record(
                    "tags \(change.isPrior ? "prior" : "after") \(change.kind) old=\((change.oldValue ?? []).sorted()) new=\((change.newValue ?? []).sorted())"
                )
            },
        ]

        root.mutableArrayValue(for: \.holder.box.items).append("a")
        root.mutableSetValue(for: \.holder.box.tags).insert("t")

        #expect(
            calls.events == [
                "items prior setting old=[] new=[]",
                "items after setting old=[] new=[\"a\"]",
                "tags prior setting old=[] new=[]",
                "tags after setting old=[] new=[\"t\"]",
            ])
        #expect(root.holder.box.items == ["a"] && root.holder.box.tags == ["t"])
        withExtendedLifetime(tokens) {}
    }
}

/// An array and a computed key path over it.
private final class CountedList: KeyValueObservable {
    @Observed var items: [Int] = []
    var count: Int { items.count }
}

/// A box whose collections are plain, notified by hand.
private final class PlainBox: KeyValueObservable {
    var items: [String] = []
    var tags: Set<String> = []

    static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool {
        keyPath != \PlainBox.items && keyPath != \PlainBox.tags
    }
}

/// Holds a plain box in `@Observed` storage.
private final class BoxHolder: KeyValueObservable {
    @Observed var box = PlainBox()
}

/// Reaches the plain box through a constant and an `@Observed` link.
private final class BoxRoot: KeyValueObservable {
    let holder = BoxHolder()
}

private final class InboxHolder: KeyValueObservable {
    @Observed var inbox: Inbox?
}

/// An array that is not `@Observed`, which the class notifies by hand.
private final class PlainLog: KeyValueObservable {
    var lines: [String] = []

    static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool {
        keyPath != \PlainLog.lines
    }
}

/// An inbox with a set besides its array, both `@Observed`.
private final class TaggedInbox: KeyValueObservable {
    @Observed var messages: [String] = []
    @Observed var tags: Set<String> = []

    /// A computed array that reads and writes `messages`.
    var visible: [String] {
        get { messages }
        set { messages = newValue }
    }

    /// A computed set that reads and writes `tags`.
    var visibleTags: Set<String> {
        get { tags }
        set { tags = newValue }
    }
}

/// A holder whose inbox is a constant: the chain's first step is no storage.
private final class LetInboxHolder: KeyValueObservable {
    let inbox = TaggedInbox()
}

private final class SetNote: KeyValueObservable {
    @Observed var tags: Set<String> = []
}

extension Inbox {
    fileprivate var allMessages: [String] { messages }
}
