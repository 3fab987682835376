import Foundation
import Observing

/// The button of one tab, bound to a `TabBarItem` whose title, images and badge it follows
/// live, as the buttons of a custom `UITabBar` replacement.
///
/// The button registers with its item as a `KeyValueObserver` for `title`, `image`,
/// `selectedImage` and `badgeValue`, with its own `context`. Replacing or dropping `item`
/// removes every registration it made; the item holds the button weakly and the button holds
/// the item strongly.
///
/// Titles are black when normal and orange when selected, in the 12 pt system font. The
/// normal image is the item's `image`, the selected image its `selectedImage`. The button is
/// never highlighted. Layout: `imageFrame` is the top 70 % of the bounds; `titleFrame` starts
/// 3 pt above the image's bottom and fills the rest; the badge sits at
/// x = width - badge width - 10, y = 0.
///
/// ```swift
/// let button = TabBarButton(item: item)
/// item.title = "Inbox"    // button.currentTitle == "Inbox" at once
/// ```
@MainActor
public final class TabBarButton: Button {
    /// The context of this class's registrations on its item.
    static let context = ObservationContext("TabBarButton")

    /// The badge, a subview showing the item's `badgeValue`.
    public let badgeView = BadgeView(frame: .zero)

    /// The item the button shows, retained.
    ///
    /// Setting it removes the registrations on the old item and registers with the new one.
    public var item: TabBarItem? {
        didSet {
            guard item !== oldValue else { return }
            if let oldValue { stopObserving(oldValue) }
            startObserving(item)
        }
    }

    /// Creates a button bound to `item`.
    ///
    /// - Parameter item: The item to show; `nil` for none.
    public init(item: TabBarItem?) {
        self.item = item
        super.init(frame: .zero)
        titleFont = .systemFont(ofSize: 12)
        setTitleColor(.black, for: .normal)
        setTitleColor(.orange, for: .selected)
        addSubview(badgeView)
        startObserving(item)
    }

    /// Always `false`, since a tab bar button never shows a highlighted state.
    ///
    /// Setting it is ignored.
    public override var isHighlighted: Bool {
        get { false }
        set {}  // A tab bar button ignores touches down.
    }

    /// The image's rectangle: the top 70 % of the bounds, full width, in points.
    public var imageFrame: CGRect {
        CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height * 0.7)
    }

    /// The title's rectangle: from 3 pt above the image's bottom to the bottom, full width, in
    /// points.
    public var titleFrame: CGRect {
        let top = imageFrame.maxY - 3
        return CGRect(x: 0, y: top, width: bounds.width, height: bounds.height - top)
    }

    /// Places the badge at x = width - badge width - 10, y = 0.
    public override func layoutSubviews() {
        badgeView.frame.origin = CGPoint(x: bounds.width - badgeView.frame.width - 10, y: 0)
    }
}
