import Foundation
import Observing

/// The bar along the top of a navigation stack, showing what the top controller's
/// `NavigationItem` asks for, as UIKit's `UINavigationBar`.
///
/// Its navigation controller keeps it up to date: `title` (the item's title, else the
/// controller's), `titleView`, `leftItems`, `rightItems` and `backButtonTitle` (the previous
/// controller's back item title, else its title; "Back" when that is `nil` or wider than a
/// third of the bar once it has a width; `nil` at the root). Every one of them is `@Observed`, and each is set
/// only when it changes.
///
/// The bar sits 20 pt below the top of its controller's view; its `backgroundView` reaches up
/// to the top of that view. Custom views of the items and the title view are subviews, laid
/// out from the edges inwards 8 pt apart and centred, respectively.
@MainActor
public final class NavigationBar: View {
    /// The back button title used when the previous title is missing or too wide.
    public static let defaultBackButtonTitle = "Back"

    /// The title shown in the middle, or `nil` for none.
    @Observed public internal(set) var title: String? = nil
    /// The view shown in place of the title, or `nil` for none.
    @Observed public internal(set) var titleView: View? = nil
    /// The title of the back button, or `nil` at the root of the stack.
    @Observed public internal(set) var backButtonTitle: String? = nil
    /// The items on the left, left to right.
    @Observed public internal(set) var leftItems: [BarButtonItem] = []
    /// The items on the right, right to left as in UIKit.
    @Observed public internal(set) var rightItems: [BarButtonItem] = []

    /// The bar's background; it reaches up from the bar's bottom to the top of the
    /// controller's view (under the status bar).
    public let backgroundView = View(frame: .zero)

    /// The title view and the items' custom views that `show` put in as subviews.
    private var shownViews: [View] = []

    /// Measures back button titles; `SystemTextMeasurer()` unless set.
    public var textMeasurer: any TextMeasuring = SystemTextMeasurer()

    /// The font of titles, the 17 pt system font as UIKit's bar titles.
    public var titleFont = Font.systemFont(ofSize: 17)

    /// Creates an empty bar.
    ///
    /// - Parameter frame: The frame, in points.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        addSubview(backgroundView)
    }

    /// Stretches the background up to y = 0 of the superview, centres the title view and lays
    /// out the items' custom views from the edges inwards, 8 pt apart.
    public override func layoutSubviews() {
        backgroundView.frame = CGRect(
            x: 0, y: -frame.minY, width: bounds.width, height: bounds.height + frame.minY)
        titleView?.center = CGPoint(x: bounds.midX, y: bounds.midY)
        var left: CGFloat = 8
        for view in leftItems.compactMap(\.customView) {
            view.frame.origin = CGPoint(x: left, y: (bounds.height - view.frame.height) / 2)
            left += view.frame.width + 8
        }
        var right = bounds.width - 8
        for view in rightItems.compactMap(\.customView) {
            right -= view.frame.width
            view.frame.origin = CGPoint(x: right, y: (bounds.height - view.frame.height) / 2)
            right -= 8
        }
    }

    /// The title the back button shows for `title`.
    ///
    /// That is `title` itself, or "Back" when it is `nil` or wider than a third of the bar in
    /// `titleFont`. A bar not yet given a width limits nothing; its controller checks again
    /// after each layout.
    func backButtonTitle(for title: String?) -> String {
        guard let title else { return Self.defaultBackButtonTitle }
        let isTooWide = bounds.width > 0 && textMeasurer.width(of: title, font: titleFont) > bounds.width / 3
        return isTooWide ? Self.defaultBackButtonTitle : title
    }

    /// Shows the given state, setting only what changed and keeping the subviews in step.
    ///
    /// Stops after the first write when `isCurrent` then answers `false` (an observer of that
    /// property changed the navigation controller, which has shown its own state since). The
    /// subviews are set first, from the views the last show put in rather than from the
    /// properties: a show stopped early has put its views in but not written all its items,
    /// and the nested show that overtook it must take those views out.
    func show(
        title: String?, titleView: View?, leftItems: [BarButtonItem], rightItems: [BarButtonItem],
        backButtonTitle: String?, while isCurrent: () -> Bool
    ) {
        let newViews = ([titleView] + (leftItems + rightItems).map(\.customView)).compactMap { $0 }
        for view in shownViews where !newViews.contains(where: { $0 === view }) && view.superview === self {
            view.removeFromSuperview()
        }
        for view in newViews where view.superview !== self {
            addSubview(view)
        }
        shownViews = newViews
        setNeedsLayout()
        if title != self.title {
            self.title = title
            guard isCurrent() else { return }
        }
        if titleView !== self.titleView {
            self.titleView = titleView
            guard isCurrent() else { return }
        }
        if !leftItems.elementsEqual(self.leftItems, by: ===) {
            self.leftItems = leftItems
            guard isCurrent() else { return }
        }
        if !rightItems.elementsEqual(self.rightItems, by: ===) {
            self.rightItems = rightItems
            guard isCurrent() else { return }
        }
        if backButtonTitle != self.backButtonTitle { self.backButtonTitle = backButtonTitle }
    }
}
