/// The delegate of a `TabBarController`, asked before a tap selects a child, as UIKit's
/// `UITabBarControllerDelegate`.
///
/// The method is optional: the extension supplies an implementation that allows every tap. A
/// tab bar controller holds its delegate weakly.
@MainActor
public protocol TabBarControllerDelegate: AnyObject {
    /// Asks the delegate whether a tap on `viewController`'s button may select it, as UIKit's
    /// `UITabBarControllerDelegate.tabBarController(_:shouldSelect:)`.
    ///
    /// Asked before every tap on a tab's button, also a tap on the selected tab (which pops
    /// that tab's navigation stack to its root); not asked when `selectedIndex` or
    /// `viewControllers` is set in code. When the answer is `false` the tap does nothing: the
    /// selection, the bar and every navigation stack stay as they were.
    ///
    /// - Parameters:
    ///   - tabBarController: The tab bar controller.
    ///   - viewController: The child whose button was tapped.
    /// - Returns: Whether the tap may select the child.
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController)
        -> Bool
}

extension TabBarControllerDelegate {
    /// Allows the tap.
    ///
    /// - Parameters:
    ///   - tabBarController: The tab bar controller.
    ///   - viewController: The child whose button was tapped.
    /// - Returns: `true`.
    public func tabBarController(
        _ tabBarController: TabBarController, shouldSelect viewController: ViewController
    ) -> Bool {
        true
    }
}
