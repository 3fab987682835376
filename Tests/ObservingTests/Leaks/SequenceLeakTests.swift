import Observing
import Testing

/// Sequences of values and changes, finished, cancelled or abandoned: the registration ends,
/// and the buffered elements, the buffer and the observed object are freed.
@Suite struct SequenceLeakTests {
    @Test func aFinishedSequenceFreesTheObjectAndItsBufferedElements() async {
        var leaks = LeakCheck()
        var values: KeyValueObservationSequence<LifetimeProbe?>?
        do {
            let mailbox = Mailbox()
            leaks.track(mailbox, as: "the observed object")
            values = mailbox.values(for: \.payload)
            let payload = LifetimeProbe()
            leaks.track(payload, as: "a buffered element")
            mailbox.payload = payload
        }
        // The object is gone: the sequence yields what it buffered, then ends.
        var received = 0
        if let values {
            for await _ in values { received += 1 }
        }
        values = nil
        #expect(received == 2)
        #expect(leaks.survivors.isEmpty)
    }

    @Test func aCancelledConsumerEndsTheRegistrationAndFreesTheBuffer() async {
        let mailbox = Mailbox()
        var leaks = LeakCheck()
        do {
            let changes = mailbox.changes(for: \.payload, options: [.old, .new])
            let consumer = Task {
                var count = 0
                for await _ in changes { count += 1 }
                return count
            }
            let payload = LifetimeProbe()
            leaks.track(payload, as: "a buffered element")
            mailbox.payload = payload
            mailbox.payload = nil
            consumer.cancel()
            _ = await consumer.value
        }
        #expect(mailbox.observerCount(for: \.payload) == 0)
        #expect(leaks.survivors.isEmpty)
    }

    @Test(arguments: [true, false])
    func anAbandonedSequenceEndsTheRegistrationAndFreesTheBuffer(makesAnIterator: Bool) {
        let mailbox = Mailbox()
        var leaks = LeakCheck()
        do {
            let values = mailbox.values(for: \.payload)
            let iterator = makesAnIterator ? values.makeAsyncIterator() : nil
            let payload = LifetimeProbe()
            leaks.track(payload, as: "a buffered element")
            mailbox.payload = payload
            mailbox.payload = nil
            #expect(mailbox.observerCount(for: \.payload) == 1)
            withExtendedLifetime((values, iterator)) {}
        }
        #expect(mailbox.observerCount(for: \.payload) == 0)
        #expect(leaks.survivors.isEmpty)
    }
}

private final class Mailbox: KeyValueObservable {
    // Set by the test's task only.
    @Observed var payload: LifetimeProbe?
}
