import Observing

/// What a navigation bar shows while a controller is on top of a navigation stack, as UIKit's
/// `UINavigationItem`.
///
/// Every property is `@Observed`; the navigation bar follows changes live.
@MainActor
public final class NavigationItem: KeyValueObservable {
    /// The title; `nil` falls back to the controller's `title`.
    @Observed public var title: String? = nil
    /// A view shown in place of the title, or `nil` for none.
    ///
    /// Retained.
    @Observed public var titleView: View? = nil
    /// The items on the left, left to right; retained.
    @Observed public var leftBarButtonItems: [BarButtonItem] = []
    /// The items on the right, right to left as in UIKit; retained.
    @Observed public var rightBarButtonItems: [BarButtonItem] = []
    /// The item whose title the next controller's back button shows, as UIKit's
    /// `UINavigationItem.backBarButtonItem`; `nil` shows this controller's title.
    @Observed public var backBarButtonItem: BarButtonItem? = nil

    /// Creates an empty item.
    ///
    /// - Parameter title: The title; `nil` by default.
    public init(title: String? = nil) {
        self.title = title
    }

    /// The first left item; setting it replaces all left items with it (or none for `nil`), as
    /// UIKit's `UINavigationItem.leftBarButtonItem`.
    public var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems.first }
        set { leftBarButtonItems = newValue.map { [$0] } ?? [] }
    }

    /// The first right item; setting it replaces all right items with it (or none for `nil`),
    /// as UIKit's `UINavigationItem.rightBarButtonItem`.
    public var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems.first }
        set { rightBarButtonItems = newValue.map { [$0] } ?? [] }
    }
}
