import Observing

/// (i) `values(for:)`: a `KeyValueObservationSequence` of every value of an `@Observed` property, one
/// consuming task per observer.
///
/// The stream buffers every value, so a repetition makes all its sets and then waits until
/// every consumer has received the last one: the figure is time per delivered change in a
/// stream of changes, task switches included. (Strategy (h) needs a hand-shake per set
/// instead, since `Observations` coalesces.)
@MainActor
final class ValuesSequenceSubject: ObservedSubject {
    nonisolated static let strategy = Strategy(id: "i", name: "values(for:) async sequence")

    private let model = CounterModel()
    private var consumers: [Task<Void, Never>] = []
    /// The consumer `observeAndCancel` cancelled last.
    private var lastCancelled: Task<Void, Never>?
    private var pending = 0
    private let acknowledgements = Acknowledgements()

    init() {}

    isolated deinit {
        for consumer in consumers {
            consumer.cancel()
        }
    }

    func finish() async {
        for consumer in consumers {
            consumer.cancel()
        }
        for consumer in consumers {
            await consumer.value
        }
        consumers = []
        await lastCancelled?.value
    }

    func prepare(observers count: Int) {
        pending = count
        consumers.reserveCapacity(count)
    }

    func attach() async {
        // Each consumer first receives the current value.
        await acknowledgements.wait(for: pending) {
            for _ in 0..<pending {
                consumers.append(startConsumer())
            }
        }
    }

    func set(_ count: Int, from start: Int, opaqueCall: Bool) async {
        await acknowledgements.wait(for: consumers.count * count) {
            for newValue in start..<(start + count) {
                model.value = newValue
                if opaqueCall { Opaque.use(newValue) }
            }
        }
    }

    func observeAndCancel(_ count: Int) async {
        lastCancelled = await acknowledgements.churnConsumers(count) { startConsumer() } ?? lastCancelled
    }

    private func startConsumer() -> Task<Void, Never> {
        let values = model.values(for: \.value)
        return Task { [weak self] in
            for await value in values {
                self?.acknowledgements.acknowledge(value)
            }
        }
    }
}
