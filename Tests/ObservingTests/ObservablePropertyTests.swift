import Dispatch
import Observing
import Testing

@Suite struct ObservablePropertyTests {
    @Test func notifiesEachSetWithOldAndNew() {
        let count = ObservableProperty(0)
        let calls = Recorder<String>()
        let token = count.observe(options: [.initial, .old, .new]) { change in
            calls.record(
                "\(change.oldValue.map(String.init) ?? "-")->\(change.newValue.map(String.init) ?? "-")")
        }

        count.value = 3
        count.modify { $0 += 1 }

        #expect(calls.events == ["-->0", "0->3", "3->4"])
        #expect(count.value == 4)
        token.invalidate()
        count.value = 5
        #expect(calls.events.count == 3)
        #expect(count.observerCount == 0)
    }

    @Test func setFromItsOwnHandlerNeitherDeadlocksNorBreaksOrder() {
        let count = ObservableProperty(0)
        let calls = Recorder<String>()
        let first = count.observe(options: [.new]) { change in
            calls.record("first \(change.newValue ?? -1)")
            if let value = change.newValue, value < 3 { count.value = value + 1 }
        }
        let second = count.observe(options: [.old, .new]) { change in
            calls.record("second \(change.oldValue ?? -1)->\(change.newValue ?? -1)")
        }

        count.value = 1

        #expect(
            calls.events == [
                "first 1", "second 0->1", "first 2", "second 1->2", "first 3", "second 2->3",
            ])
        first.invalidate()
        second.invalidate()
    }

    @Test func concurrentSettersAndRegistrationsKeepAnUnbrokenChain() {
        let property = ObservableProperty(0)
        let changes = Recorder<KeyValueObservedChange<Int>>()
        let permanent = property.observe(options: [.old, .new]) { changes.record($0) }

        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            switch worker {
            case 0, 1:
                // Distinct values: worker 0 sets 1...5000, worker 1 sets 5001...10000.
                for index in 1...5_000 { property.value = worker * 5_000 + index }
            default:
                for _ in 0..<1_000 {
                    let token = property.observe(options: [.new]) { _ in }
                    token.invalidate()
                }
            }
        }

        let history = changes.events
        #expect(history.count == 10_000)
        var previous = 0
        var chainIsUnbroken = true
        for change in history {
            if change.oldValue != previous { chainIsUnbroken = false }
            previous = change.newValue ?? -1
        }
        #expect(chainIsUnbroken)
        #expect(Set(history.compactMap(\.newValue)).count == 10_000)
        #expect(property.value == previous)
        #expect(property.observerCount == 1)
        permanent.invalidate()
    }

    @Test func removeDuplicatesSkipsEqualValues() {
        let title = ObservableProperty("a")
        let calls = Recorder<String>()
        let token = title.observe(options: [.new, .removeDuplicates]) { calls.record($0.newValue ?? "-") }
        title.value = "a"
        title.value = "b"
        title.value = "b"
        #expect(calls.events == ["b"])
        token.invalidate()
    }

    @Test func queueDeliveryKeepsOrder() {
        let queue = DispatchQueue(label: "property-delivery")
        let property = ObservableProperty(0)
        let values = Recorder<Int>()
        let token = property.observe(options: [.new], queue: queue) { values.record($0.newValue ?? -1) }
        for value in 1...50 { property.value = value }
        queue.sync {}
        #expect(values.events == Array(1...50))
        token.invalidate()
    }

    @Test func deinitsOfQueuedValuesRunWithoutTheLock() {
        // A handler sets twice; the first value is then referenced only by the change queue,
        // and its deinit reads the property. It must not run under the property's lock.
        let property = ObservableProperty<Payload?>(nil)
        let reads = Recorder<String>()
        let done = DispatchSemaphore(value: 0)
        let token = property.observe(options: [.new]) { change in
            guard change.newValue??.name == "start" else { return }
            property.value = Payload(name: "queued") {
                reads.record("deinit read \(property.value?.name ?? "nil")")
            }
            property.value = Payload(name: "last")
        }
        DispatchQueue.global().async {
            property.value = Payload(name: "start")
            done.signal()
        }
        #expect(done.wait(timeout: .now() + 5) == .success)
        #expect(reads.events == ["deinit read last"])
        token.invalidate()
    }
}

private final class Payload: Sendable {
    let name: String
    let onDeinit: @Sendable () -> Void

    init(name: String, onDeinit: @escaping @Sendable () -> Void = {}) {
        self.name = name
        self.onDeinit = onDeinit
    }

    deinit {
        onDeinit()
    }
}
