/// (i1) Strategy i's W4 with the toolchain's `AsyncStream` in place of `values(for:)`: W4
/// creates a main-actor task that takes a first buffered element (the same hand-shake as i's
/// first value), then waits for the next, and cancels it while it waits.
///
/// This is the least any cancellable async sequence of values asks of its consumer: unlike
/// i0's task, the consumer suspends and is resumed by the cancellation. i's W4 minus this
/// row is what `values(for:)` costs beyond `AsyncStream`.
@MainActor
final class StreamAloneSubject: ObservedSubject {
    nonisolated static let strategy = Strategy(
        id: "i1", name: "AsyncStream consumer (i's W4 with AsyncStream)")
    static let notApplicable: [Workload: String] = [
        .oneObserver: "measures only W4's consuming task",
        .hundredObservers: "measures only W4's consuming task",
        .noObservers: "measures only W4's consuming task",
        .bytesPerObserver: "measures only W4's consuming task",
    ]

    private let acknowledgements = Acknowledgements()
    /// The consumer `observeAndCancel` cancelled last.
    private var lastCancelled: Task<Void, Never>?

    init() {}

    func finish() async {
        await lastCancelled?.value
    }

    func prepare(observers count: Int) {}

    func attach() {}

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {}

    func observeAndCancel(_ count: Int) async {
        for _ in 0..<count {
            var consumer: Task<Void, Never>?
            await acknowledgements.wait(for: 1) {
                consumer = startConsumer()
            }
            consumer?.cancel()
            lastCancelled = consumer
        }
    }

    private func startConsumer() -> Task<Void, Never> {
        let (stream, continuation) = AsyncStream.makeStream(of: Int.self)
        continuation.yield(0)
        return Task { [weak self] in
            // The continuation stays open, so after the first element the loop waits until
            // the task is cancelled.
            for await value in stream {
                self?.acknowledgements.acknowledge(value)
            }
            withExtendedLifetime(continuation) {}
        }
    }
}
