import Foundation

/// (f) Foundation's `NotificationCenter`: the subject posts a named notification with
/// itself as the object; block observers read the value from the object.
@MainActor
final class NotificationCenterSubject: TokenHoldingSubject {
    static let strategy = Strategy(id: "f", name: "NotificationCenter")

    private let center = NotificationCenter()
    private let model = PostingModel()
    var tokens: [any NSObjectProtocol] = []
    var pending = 0

    init() {}

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {
        for newValue in start..<(start + count) {
            model.value = newValue
            center.post(name: PostingModel.valueDidChange, object: model)
            if opaqueCall { Opaque.use(newValue) }
        }
    }

    func register() -> any NSObjectProtocol {
        center.addObserver(forName: PostingModel.valueDidChange, object: model, queue: nil) { note in
            Sink.add((note.object as? PostingModel)?.value ?? 0)
        }
    }

    func cancel(_ token: any NSObjectProtocol) {
        center.removeObserver(token)
    }
}

/// The object of strategy (f)'s notifications.
final class PostingModel {
    static let valueDidChange = Notification.Name("PostingModel.valueDidChange")

    /// Written and read on one thread only in this benchmark.
    var value = 0
}
