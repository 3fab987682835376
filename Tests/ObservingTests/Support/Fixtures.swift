import Observing

/// `@unchecked Sendable`, as `Counter`: the queue and concurrency tests hand it to other
/// threads, and each sets it from one thread at a time.
final class TabItem: KeyValueObservable, @unchecked Sendable {
    @Observed var title = ""
    @Observed var badgeValue: String?
}

class BaseModel: KeyValueObservable {
    @Observed var title = ""
}

final class SubModel: BaseModel {
    @Observed var subtitle = ""
}

/// `@unchecked Sendable`: the concurrency, queue and sequence tests hand it to other threads
/// and tasks, and each sets it from one thread at a time.
final class Counter: KeyValueObservable, @unchecked Sendable {
    @Observed var value = 0
    var isPositive: Bool { value > 0 }
}

/// Tracks whether an object is still alive, for leak checks.
final class LifetimeProbe: Sendable {}

final class Shell: KeyValueObservable {
    @Observed var selectedItem: TabItem?
    @Observed var items: [TabItem] = []
}

final class Profile: KeyValueObservable {
    @Observed var unread = 0
    var hasUnread: Bool { unread > 0 }
}

final class Label {
    var text = ""
}

final class TextModel: KeyValueObservable {
    @Observed var text = ""
}

final class Inbox: KeyValueObservable {
    @Observed var messages: [String] = []
}
