/// (i1) Strategy i's W4 with the toolchain's `AsyncStream` in place of `values(for:)`: W4
/// creates a main-actor task that takes a first buffered element (the same hand-shake as i's
/// first value), then waits for the next, and cancels it while it waits.
///
/// This is the least any cancellable async sequence of values asks of its consumer: unlike
/// i0's task, the consumer suspends and is resumed by the cancellation. i's W4 minus this
/// row is what `values(for:)` costs beyond `AsyncStream`.
@MainActor
final class StreamAloneSubject: ConsumerChurnSubject {
    nonisolated static let strategy = Strategy(
        id: "i1", name: "AsyncStream consumer (i's W4 with AsyncStream)")

    let acknowledgements = Acknowledgements()
    var lastCancelled: Task<Void, Never>?

    init() {}

    func startConsumer() -> Task<Void, Never> {
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
