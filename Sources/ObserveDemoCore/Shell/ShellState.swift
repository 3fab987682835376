/// A snapshot of everything the demo shows: the tab bar, the navigation bar and the screen.
///
/// Taken from the live models after each update; two equal snapshots draw the same frame, so
/// the display redraws only when the snapshot changed. Geometry is in points, as in the models:
/// ``barWidth`` is the tab bar's width and every ``Extent`` is measured from its left edge.
public struct ShellState: Equatable, Sendable {
    /// The width of the tab bar, in points; renderers scale every extent by `columns / barWidth`.
    public var barWidth: Double
    /// The tabs, left to right, not counting the plus button.
    public var tabs: [Tab]
    /// Where the plus button sits in the tab bar; `nil` when there is none.
    public var plusButton: Extent?
    /// The navigation bar of the selected tab; `nil` when that tab has no navigation controller.
    public var navigation: Navigation?
    /// The name (title) of the screen on show: the top controller of the selected tab.
    public var screenTitle: String
    /// Whether the tab bar is hidden (a pushed screen hides it).
    public var isTabBarHidden: Bool
    /// The title of the screen presented over the shell (the compose screen), if any.
    public var presentedTitle: String?

    /// Creates a snapshot.
    ///
    /// - Parameters:
    ///   - barWidth: The tab bar's width, in points.
    ///   - tabs: The tabs, left to right.
    ///   - plusButton: The plus button's extent in the tab bar, in points.
    ///   - navigation: The selected tab's navigation bar, if it has one.
    ///   - screenTitle: The name of the screen on show.
    ///   - isTabBarHidden: Whether the tab bar is hidden.
    ///   - presentedTitle: The title of a presented screen, if any.
    public init(
        barWidth: Double, tabs: [Tab], plusButton: Extent?, navigation: Navigation?, screenTitle: String,
        isTabBarHidden: Bool = false, presentedTitle: String? = nil
    ) {
        self.barWidth = barWidth
        self.tabs = tabs
        self.plusButton = plusButton
        self.navigation = navigation
        self.screenTitle = screenTitle
        self.isTabBarHidden = isTabBarHidden
        self.presentedTitle = presentedTitle
    }

    /// The index of the selected tab, if one is selected.
    public var selectedIndex: Int? { tabs.firstIndex(where: \.isSelected) }
}
