/// (i0) The consuming task of strategy i without the sequence: W4 creates a task on the main
/// actor that consumes nothing, waits for it to run (the same hand-shake as i's first value)
/// and cancels it.
///
/// i's W4 minus this row is what subscribing to and cancelling `values(for:)` costs beyond
/// a task; most of it is the consumer's suspension and its resumption by the cancellation,
/// which any async sequence asks for (row i1 measures it with `AsyncStream`).
@MainActor
final class TaskAloneSubject: ConsumerChurnSubject {
    nonisolated static let strategy = Strategy(id: "i0", name: "task alone (i's W4 without the sequence)")

    let acknowledgements = Acknowledgements()
    var lastCancelled: Task<Void, Never>?

    init() {}

    func startConsumer() -> Task<Void, Never> {
        Task { [weak self] in
            self?.acknowledgements.acknowledge(0)
        }
    }
}
