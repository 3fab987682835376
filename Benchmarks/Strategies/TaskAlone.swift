/// (i0) The consuming task of strategy i without the sequence: W4 creates a task on the main
/// actor that consumes nothing, waits for it to run (the same hand-shake as i's first value)
/// and cancels it.
///
/// i's W4 minus this row is what subscribing to and cancelling `values(for:)` costs beyond
/// a task; most of it is the consumer's suspension and its resumption by the cancellation,
/// which any async sequence asks for (row i1 measures it with `AsyncStream`).
@MainActor
final class TaskAloneSubject: ObservedSubject {
    nonisolated static let strategy = Strategy(id: "i0", name: "task alone (i's W4 without the sequence)")
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
        Task { [weak self] in
            self?.acknowledgements.acknowledge(0)
        }
    }
}
