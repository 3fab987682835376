import Dispatch
import Observing
import Testing

@Suite struct AsyncSequenceTests {
    @Test func valuesStartWithTheCurrentValueThenEachNewOne() async {
        let counter = Counter()
        counter.value = 1
        let values = counter.values(for: \.value)
        counter.value = 2
        counter.value = 3

        var received: [Int] = []
        for await value in values {
            received.append(value)
            if received.count == 3 { break }
        }
        #expect(received == [1, 2, 3])
    }

    /// After a to-many change, `values(for:)` yields the whole collection the property reads.
    ///
    /// "`values(for:file:line:)` yields the current value, then each new value"
    /// (AsyncSequences.md); a to-many change holds only the elements it touched (none for a
    /// removal). It yielded `[[], ["a"], ["b"], ["z"]]`: the second append's element alone,
    /// nothing for the removal.
    @Test func valuesAfterAProxyMutationAreTheWholeCollection() async {
        let settings = ThemeSettings()
        let values = settings.values(for: \.items)
        let proxy = settings.mutableArrayValue(for: \.items)
        proxy.append("a")
        proxy.append("b")
        proxy.remove(at: 0)
        settings.items.append("c")
        settings.items = ["z"]

        var received: [[String]] = []
        for await value in values {
            received.append(value)
            if value == ["z"] { break }
        }
        #expect(received == [[], ["a"], ["a", "b"], ["b"], ["b", "c"], ["z"]])
    }

    /// The same for a set: an insertion yields the whole set, and so does a removal.
    @Test func valuesAfterASetProxyMutationAreTheWholeSet() async {
        let document = Document()
        document.tags = ["swift"]
        let values = document.values(for: \.tags)
        let proxy = document.mutableSetValue(for: \.tags)
        proxy.insert("kvo")
        proxy.remove("swift")
        document.tags = []

        var received: [Set<String>] = []
        for await value in values {
            received.append(value)
            if value.isEmpty { break }
        }
        #expect(received == [["swift"], ["swift", "kvo"], ["kvo"], []])
    }

    @Test func sequenceEndsWhenTheObjectDeallocates() async {
        var counter: Counter? = Counter()
        let values = counter?.values(for: \.value)
        counter?.value = 5
        counter = nil

        var received: [Int] = []
        if let values {
            for await value in values { received.append(value) }
        }
        #expect(received == [0, 5])
    }

    @Test func cancellingTheConsumerRemovesTheRegistration() async {
        let counter = Counter()
        let changes = counter.changes(for: \.value, options: [.old, .new])
        #expect(counter.observerCount(for: \.value) == 1)
        let consumer = Task {
            var received: [String] = []
            for await change in changes {
                received.append("\(change.oldValue ?? -1)->\(change.newValue ?? -1)")
            }
            return received
        }
        counter.value = 1
        consumer.cancel()
        let received = await consumer.value
        #expect(received.count <= 1)
        #expect(counter.observerCount(for: \.value) == 0)
    }

    @Test func changesOfAChainFollowTheNewIntermediate() async {
        let shell = Shell()
        let first = TabItem()
        shell.selectedItem = first
        let badges = shell.values(for: \.selectedItem?.badgeValue)
        first.badgeValue = "1"
        let second = TabItem()
        second.badgeValue = "2"
        shell.selectedItem = second

        var received: [String] = []
        for await badge in badges {
            received.append(badge.flatMap { $0 } ?? "nil")
            if received.count == 3 { break }
        }
        #expect(received == ["nil", "1", "2"])
    }

    @Test func droppingTheSequenceRemovesTheRegistration() {
        let counter = Counter()
        do {
            let values = counter.values(for: \.value)
            let iterator = values.makeAsyncIterator()
            _ = iterator
            #expect(counter.observerCount(for: \.value) == 1)
        }
        #expect(counter.observerCount(for: \.value) == 0)
    }

    @Test func valuesSetOnAnotherThreadArriveInOrder() async {
        let counter = Counter()
        let domain = DispatchQueue(label: "counter")
        let values = domain.sync { counter.values(for: \.value) }
        let consumer = Task {
            var received: [Int] = []
            for await value in values {
                received.append(value)
                if received.count == 1_001 { break }
            }
            return received
        }
        domain.async {
            for value in 1...1_000 { counter.value = value }
        }
        #expect(await consumer.value == Array(0...1_000))
    }

    @Test func aCancelledConsumerReceivesNothingMore() async {
        let counter = Counter()
        let values = counter.values(for: \.value)
        for value in 1...5 { counter.value = value }
        let consumer = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            var received: [Int] = []
            for await value in values { received.append(value) }
            return received
        }
        #expect(await consumer.value == [])
        #expect(counter.observerCount(for: \.value) == 0)
    }
}
