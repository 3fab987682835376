/// The delegate of a `TabBar`, asked about and told about taps, as UIKit's `UITabBarDelegate`.
///
/// Every method is optional: the extension supplies implementations that allow every tap and
/// do nothing. A tab bar holds its delegate weakly.
@MainActor
public protocol TabBarDelegate: AnyObject {
    /// Asks the delegate whether a tap on the button at `index` may select it.
    ///
    /// Asked before every tap on an item's button, also when that button is already selected;
    /// not asked when `items` or `selectedIndex` is set in code. When the answer is `false`
    /// the tap does nothing: the selection stays and `tabBar(_:didSelectItemAt:)` is not
    /// called.
    ///
    /// - Parameters:
    ///   - tabBar: The tab bar.
    ///   - index: The index of the tapped item.
    /// - Returns: Whether the tap may select the item.
    func tabBar(_ tabBar: TabBar, shouldSelectItemAt index: Int) -> Bool

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
    /// Allows the tap.
    ///
    /// - Parameters:
    ///   - tabBar: The tab bar.
    ///   - index: The index of the tapped item.
    /// - Returns: `true`.
    public func tabBar(_ tabBar: TabBar, shouldSelectItemAt index: Int) -> Bool { true }

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
