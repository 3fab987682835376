/// A row that measures only W4's consuming task (i0, i1): each pair starts a main-actor task
/// from `startConsumer()`, waits until it has acknowledged its first value (the same
/// hand-shake as strategy i's first value) and cancels it.
@MainActor
protocol ConsumerChurnSubject: ObservedSubject {
    /// Counts the consumers' first values.
    var acknowledgements: Acknowledgements { get }
    /// The consumer `observeAndCancel` cancelled last, awaited by `finish()`.
    var lastCancelled: Task<Void, Never>? { get set }
    /// Starts one consumer, which acknowledges one value through `acknowledgements`.
    func startConsumer() -> Task<Void, Never>
}

extension ConsumerChurnSubject {
    /// Every workload but W4 measures the library, which these rows leave out.
    static var notApplicable: [Workload: String] {
        [
            .oneObserver: "measures only W4's consuming task",
            .hundredObservers: "measures only W4's consuming task",
            .noObservers: "measures only W4's consuming task",
            .bytesPerObserver: "measures only W4's consuming task",
        ]
    }

    func finish() async {
        await lastCancelled?.value
    }

    func prepare(observers count: Int) {}

    func attach() {}

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {}

    func observeAndCancel(_ count: Int) async {
        lastCancelled = await acknowledgements.churnConsumers(count) { startConsumer() } ?? lastCancelled
    }
}
