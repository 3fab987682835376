/// The hand-shake of the async-sequence strategies (h, i): the producer makes its sets, then
/// waits until the consumers have acknowledged the expected number of deliveries.
///
/// Shared so that both strategies time the same thing; it is not part of a measured loop
/// body, only of the wait that ends it.
@MainActor
final class Acknowledgements {
    private var expected = 0
    private var received = 0
    private var waiter: CheckedContinuation<Void, Never>?

    init() {}

    /// Records one delivered value (added to the sink) and resumes the waiting producer when
    /// the expected count is reached.
    func acknowledge(_ value: Int) {
        Sink.add(value)
        received += 1
        if received == expected, let waiter {
            self.waiter = nil
            waiter.resume()
        }
    }

    /// Runs `action` and waits until `count` values have been acknowledged.
    func wait(for count: Int, after action: () -> Void) async {
        guard count > 0 else {
            action()
            return
        }
        received = 0
        expected = count
        await withCheckedContinuation { continuation in
            waiter = continuation
            action()
        }
    }

    /// W4 of the async rows, `count` times: starts a consumer with `start`, waits until it
    /// has acknowledged its first value, and cancels it.
    ///
    /// - Returns: The consumer cancelled last, for the subject's `finish()` to await.
    func churnConsumers(_ count: Int, start: () -> Task<Void, Never>) async -> Task<Void, Never>? {
        var last: Task<Void, Never>?
        for _ in 0..<count {
            var consumer: Task<Void, Never>?
            await wait(for: 1) {
                consumer = start()
            }
            consumer?.cancel()
            last = consumer
        }
        return last
    }
}
