import Dispatch
import Foundation
import Observing
import Testing

/// Promises of `observe(_:options:queue:changeHandler:)` not checked elsewhere.
@Suite struct QueuePromiseTests {
    /// A queued change retains the object until it is delivered.
    ///
    /// ThreadsQueuesAndActors.md: "Each change, and the object, is retained until the queue
    /// delivers it."
    @Test func aQueuedChangeRetainsTheObjectUntilItIsDelivered() {
        let queue = DispatchQueue(label: "QueuePromiseTests.retains")
        queue.suspend()
        let seen = Recorder<String>()
        weak var weakCounter: Counter?
        var token: ObservationToken?
        do {
            let counter = Counter()
            weakCounter = counter
            token = counter.observe(\.value, options: [.new], queue: queue) { counter, change in
                seen.record("reads \(counter.value), new \(change.newValue ?? -1)")
            }
            counter.value = 1
        }
        #expect(weakCounter != nil)

        queue.resume()
        queue.sync {}

        #expect(seen.events == ["reads 1, new 1"])
        #expect(weakCounter == nil)
        #expect(token?.isValid == false)
    }

    /// The initial call runs on the queue.
    ///
    /// ThreadsQueuesAndActors.md: "With `.initial` the initial call runs on the queue too."
    @Test func theInitialCallRunsOnTheQueue() {
        let key = DispatchSpecificKey<String>()
        let queue = DispatchQueue(label: "QueuePromiseTests.initial")
        queue.setSpecific(key: key, value: "delivery")
        queue.suspend()
        let counter = Counter()
        counter.value = 5
        let seen = Recorder<String>()
        let token = counter.observe(\.value, options: [.initial, .new], queue: queue) { _, change in
            let onQueue = DispatchQueue.getSpecific(key: key) == "delivery"
            seen.record("onQueue=\(onQueue) new=\(change.newValue ?? -1)")
        }
        #expect(seen.events.isEmpty)

        queue.resume()
        queue.sync {}

        #expect(seen.events == ["onQueue=true new=5"])
        token.invalidate()
    }

    /// A nil queue runs the handler on the setting thread before the setter returns.
    ///
    /// KeyValueObservable+Observe.swift (`observe(_:options:queue:changeHandler:)`): "With
    /// `nil`, it runs synchronously on whatever thread sets the property."
    @Test func aNilQueueRunsTheHandlerOnTheSettingThreadBeforeTheSetterReturns() {
        let counter = Counter()
        let events = Recorder<String>()
        let token = counter.observe(\.value, options: [.new], queue: nil) { _, change in
            events.record("handler on \(currentThreadID()) new=\(change.newValue ?? -1)")
        }
        let done = DispatchSemaphore(value: 0)
        let setterThread = Recorder<String>()
        let thread = Thread {
            setterThread.record("handler on \(currentThreadID()) new=1")
            counter.value = 1
            events.record("returned")
            done.signal()
        }
        thread.start()
        done.wait()

        #expect(events.events == setterThread.events + ["returned"])
        token.invalidate()
    }
}

/// The calling thread's `pthread_t`, as a number to compare.
func currentThreadID() -> UInt {
    UInt(bitPattern: Int(bitPattern: pthread_self()))
}
