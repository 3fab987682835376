import Observation

/// (h) Swift's `Observations` async sequence (Swift 6.2), one consuming task per observer.
///
/// `Observations` delivers transactionally: values set between two suspensions of the
/// consumer are coalesced into the last one. To time every delivered change, each set waits
/// until every consumer has received the new value (a hand-shake through a continuation), so
/// a figure is one set plus one delivery to each consumer, task switches included.
@MainActor
final class ObservationsSubject: ObservedSubject {
    static let strategy = Strategy(id: "h", name: "Observations async sequence")

    private let model = TrackedModel()
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
        for newValue in start..<(start + count) {
            await acknowledgements.wait(for: consumers.count) {
                model.value = newValue
                if opaqueCall { Opaque.use(newValue) }
            }
        }
    }

    func observeAndCancel(_ count: Int) async {
        lastCancelled = await acknowledgements.churnConsumers(count) { startConsumer() } ?? lastCancelled
    }

    private func startConsumer() -> Task<Void, Never> {
        let model = model
        return Task { [weak self] in
            for await value in Observations({ model.value }) {
                self?.acknowledgements.acknowledge(value)
            }
        }
    }
}
