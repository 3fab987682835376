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
}

private final class TokenBox: @unchecked Sendable {
    var token: ObservationToken?
}
