import Foundation

/// (f) Foundation's `NotificationCenter`: the subject posts a named notification with
/// itself as the object; block observers read the value from the object.
@MainActor
final class NotificationCenterSubject: ObservedSubject {
    static let strategy = Strategy(id: "f", name: "NotificationCenter")

    private let center = NotificationCenter()
    private let model = PostingModel()
    private var tokens: [any NSObjectProtocol] = []
    private var pending = 0

    init() {}

    func prepare(observers count: Int) {
        pending = count
        tokens.reserveCapacity(count)
    }

    func attach() {
        for _ in 0..<pending {
            tokens.append(addObserver())
        }
    }

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {
        for newValue in start..<(start + count) {
            model.value = newValue
            center.post(name: PostingModel.valueDidChange, object: model)
            if opaqueCall { Opaque.use(newValue) }
        }
    }

    func observeAndCancel(_ count: Int) {
        for _ in 0..<count {
            center.removeObserver(addObserver())
        }
    }

    private func addObserver() -> any NSObjectProtocol {
        center.addObserver(forName: PostingModel.valueDidChange, object: model, queue: nil) { note in
            Sink.add((note.object as? PostingModel)?.value ?? 0)
        }
    }
}

/// The object of strategy (f)'s notifications.
final class PostingModel {
    static let valueDidChange = Notification.Name("PostingModel.valueDidChange")

    /// Written and read on one thread only in this benchmark.
    var value = 0
}
