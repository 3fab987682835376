import Observing

final class TabItem: KeyValueObservable, @unchecked Sendable {
    @Observed var title = ""
    @Observed var badgeValue: String?
}

class BaseModel: KeyValueObservable, @unchecked Sendable {
    @Observed var title = ""
}

final class SubModel: BaseModel, @unchecked Sendable {
    @Observed var subtitle = ""
}

final class Counter: KeyValueObservable, @unchecked Sendable {
    @Observed var value = 0
    var isPositive: Bool { value > 0 }
}

/// Tracks whether an object is still alive, for leak checks.
final class LifetimeProbe: @unchecked Sendable {}

final class Shell: KeyValueObservable, @unchecked Sendable {
    @Observed var selectedItem: TabItem?
    @Observed var items: [TabItem] = []
}

final class Profile: KeyValueObservable, @unchecked Sendable {
    @Observed var unread = 0
    var hasUnread: Bool { unread > 0 }
}

final class Label: @unchecked Sendable {
    var text = ""
}

final class TextModel: KeyValueObservable, @unchecked Sendable {
    @Observed var text = ""
}

final class Inbox: KeyValueObservable, @unchecked Sendable {
    @Observed var messages: [String] = []
}
