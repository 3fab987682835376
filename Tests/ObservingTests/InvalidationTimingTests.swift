import Dispatch
import Observing
import Testing

/// What `ObservationToken.invalidate()` promises when a delivery runs on another thread.
@Suite struct InvalidationTimingTests {
    @Test func aCallUnderWayOnAnotherThreadFinishesAndNothingStartsAfterInvalidate() {
        let counter = Counter()
        let calls = Recorder<Int>()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        let token = counter.observe(\.value, options: [.new]) { _, change in
            calls.record(change.newValue ?? -1)
            if change.newValue == 1 {
                entered.signal()
                proceed.wait()
            }
        }
        let setter = DispatchQueue(label: "InvalidationTimingTests.setter")
        setter.async { counter.value = 1 }

        entered.wait()
        // The handler is running on the setter's thread: invalidate() does not wait for it.
        token.invalidate()
        #expect(!token.isValid)
        proceed.signal()
        setter.sync { counter.value = 2 }

        #expect(calls.events == [1])
    }

    @Test func invalidatingOnTheDeliveryQueueStopsEveryLaterCall() {
        let counter = Counter()
        let queue = DispatchQueue(label: "InvalidationTimingTests.queue")
        let calls = Recorder<Int>()
        let holder = TokenBox()
        holder.token = counter.observe(\.value, options: [.new], queue: queue) { _, change in
            calls.record(change.newValue ?? -1)
            holder.token?.invalidate()
        }
        queue.suspend()
        for value in 1...5 { counter.value = value }
        queue.resume()
        queue.sync {}

        #expect(calls.events == [1])
    }

    /// "Once the token is invalidated, nothing more is delivered, including changes already
    /// waiting on the queue." (`observe(_:options:queue:changeHandler:)`): the call for 2 is
    /// enqueued (on the suspended queue) by the same notification, before a later handler
    /// invalidates the token and drains the queue while that notification still holds the
    /// registration.
    @Test func aCallEnqueuedBeforeInvalidateInTheSameNotificationIsDropped() {
        let counter = Counter()
        let queue = DispatchQueue(label: "InvalidationTimingTests.enqueued")
        let calls = Recorder<Int>()
        let holder = TokenBox()
        holder.token = counter.observe(\.value, options: [.new], queue: queue) { _, change in
            calls.record(change.newValue ?? -1)
        }
        let stop = counter.observe(\.value, options: [.new]) { _, change in
            guard change.newValue == 2 else { return }
            holder.token?.invalidate()
            queue.resume()
            queue.sync {}
        }

        counter.value = 1
        queue.sync {}
        queue.suspend()
        counter.value = 2
        queue.sync {}

        #expect(calls.events == [1])
        stop.invalidate()
    }

    /// The same sentence for a computed key path, whose calls a derived observation makes.
    @Test func aComputedKeyPathCallEnqueuedBeforeInvalidateInTheSameNotificationIsDropped() {
        let counter = Counter()
        let queue = DispatchQueue(label: "InvalidationTimingTests.enqueuedComputed")
        let calls = Recorder<Bool>()
        let holder = TokenBox()
        holder.token = counter.observe(\.isPositive, options: [.new], queue: queue) { _, change in
            calls.record(change.newValue ?? false)
        }
        let stop = counter.observe(\.value, options: [.new]) { _, change in
            guard change.newValue == 2 else { return }
            holder.token?.invalidate()
            queue.resume()
            queue.sync {}
        }

        counter.value = 1
        queue.sync {}
        queue.suspend()
        counter.value = 2
        queue.sync {}

        #expect(calls.events == [true])
        stop.invalidate()
    }

    /// `ObservationToken`: after `invalidate()` returns, "queued calls that have not started are
    /// dropped", for an `ObservableProperty` observed on a queue too.
    @Test func anObservablePropertyCallEnqueuedBeforeInvalidateInTheSameNotificationIsDropped() {
        let property = ObservableProperty(0)
        let queue = DispatchQueue(label: "InvalidationTimingTests.enqueuedProperty")
        let calls = Recorder<Int>()
        let holder = TokenBox()
        holder.token = property.observe(options: [.new], queue: queue) { change in
            calls.record(change.newValue ?? -1)
        }
        let stop = property.observe(options: [.new]) { change in
            guard change.newValue == 2 else { return }
            holder.token?.invalidate()
            queue.resume()
            queue.sync {}
        }

        property.value = 1
        queue.sync {}
        queue.suspend()
        property.value = 2
        queue.sync {}

        #expect(calls.events == [1])
        stop.invalidate()
    }
}

private final class TokenBox: @unchecked Sendable {
    var token: ObservationToken?
}
