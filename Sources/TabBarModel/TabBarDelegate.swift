/// The delegate of a `TabBar`, told about taps, as UIKit's `UITabBarDelegate`.
///
/// Both methods are optional: the extension supplies implementations that do nothing. A tab
/// bar holds its delegate weakly.
@MainActor
public protocol TabBarDelegate: AnyObject {
    /// Tells the delegate that the button at `index` became selected, by a tap or because the
    /// bar's `items` were set, as UIKit's `UITabBarDelegate.tabBar(_:didSelect:)`.
    ///
    /// - Parameters:
    ///   - tabBar: The tab bar.
    ///   - index: The index of the selected item.
    func tabBar(_ tabBar: TabBar, didSelectItemAt index: Int)

    /// Tells the delegate that the centre plus button was tapped; the selection is unchanged.
    ///
    /// - Parameter tabBar: The tab bar.
    func tabBarDidTapPlusButton(_ tabBar: TabBar)
}

extension TabBarDelegate {
    /// Does nothing.
    ///
    /// - Parameters:
    ///   - tabBar: The tab bar.
    ///   - index: The index of the selected item.
    public func tabBar(_ tabBar: TabBar, didSelectItemAt index: Int) {}

    /// Does nothing.
    ///
    /// - Parameter tabBar: The tab bar.
    public func tabBarDidTapPlusButton(_ tabBar: TabBar) {}
}
