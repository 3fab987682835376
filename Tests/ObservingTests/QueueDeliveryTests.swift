import Dispatch
import Foundation
import Observing
import Testing

@Suite struct QueueDeliveryTests {
    @Test func changesSetOnABackgroundThreadArriveOnTheChosenQueueInSetOrder() async {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "delivery")
        queue.setSpecific(key: key, value: "delivery")
        let item = TabItem()
        let seen = Recorder<String>()
        let onQueue = Recorder<Bool>()
        let token = item.observe(\.title, options: [.new], queue: queue) { _, change in
            onQueue.record(DispatchQueue.getSpecific(key: key) == "delivery")
            seen.record(change.newValue ?? "-")
        }

        let setter = DispatchQueue(label: "setter")
        setter.sync {
            for index in 0..<100 { item.title = "v\(index)" }
        }
        queue.sync {}

        #expect(seen.events == (0..<100).map { "v\($0)" })
        #expect(onQueue.events.count == 100 && onQueue.events.allSatisfy { $0 })
        token.invalidate()
    }

    @Test func withoutAQueueTheHandlerRunsOnTheSettingThreadBeforeTheSetterReturns() {
        let item = TabItem()
        let threads = Recorder<String>()
        let token = item.observe(\.title) { _, _ in
            threads.record("handler on \(UInt(bitPattern: Int(bitPattern: pthread_self())))")
        }
        let done = DispatchSemaphore(value: 0)
        let setterID = Recorder<String>()
        let thread = Thread {
            setterID.record("handler on \(UInt(bitPattern: Int(bitPattern: pthread_self())))")
            item.title = "x"
            threads.record("returned")
            done.signal()
        }
        thread.name = "setter"
        thread.start()
        done.wait()
        #expect(threads.events == setterID.events + ["returned"])
        token.invalidate()
    }

    @Test func nothingIsDeliveredAfterInvalidateAndTheHandlerIsReleasedAtOnce() {
        let queue = DispatchQueue(label: "suspended")
        queue.suspend()
        let counter = Counter()
        let calls = Recorder<Int>()
        weak var weakProbe: LifetimeProbe?
        let token: ObservationToken
        do {
            let probe = LifetimeProbe()
            weakProbe = probe
            token = counter.observe(\.value, options: [.new], queue: queue) { _, change in
                _ = probe
                calls.record(change.newValue ?? -1)
            }
        }
        counter.value = 1
        counter.value = 2

        token.invalidate()
        #expect(weakProbe == nil)
        queue.resume()
        queue.sync {}

        #expect(calls.events.isEmpty)
    }

    @Test func observablePropertyDeliversNothingOnItsQueueAfterInvalidate() {
        let queue = DispatchQueue(label: "suspended-property")
        queue.suspend()
        let property = ObservableProperty(0)
        let calls = Recorder<Int>()
        let token = property.observe(options: [.new], queue: queue) { calls.record($0.newValue ?? -1) }
        property.value = 7

        token.invalidate()
        queue.resume()
        queue.sync {}

        #expect(calls.events.isEmpty)
    }
}
