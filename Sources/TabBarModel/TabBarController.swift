import Foundation
import Observing

/// The app shell: child controllers behind a custom `TabBar` with a centre plus button, as a
/// `UITabBarController` subclass that replaces its tab bar.
///
/// The bar's items are the children's `tabBarItem`s: each item's title, images and badge stay
/// live, and assigning a child a new `tabBarItem` rebuilds the bar, keeping the selection. A tap selects the child and shows its view; the
/// plus button presents the controller `makeComposeViewController` makes. While the selected
/// child is a `NavigationController`, `isTabBarHidden` follows its `isBottomBarHidden`.
///
/// The controller retains its children and its tab bar; the children refer back weakly, the
/// bar's delegate (this controller) is weak, and its observations capture it weakly, so
/// dropping the controller releases everything. `selectedIndex`, `viewControllers`,
/// `isTabBarHidden` and `presentedViewController` are observable.
///
/// ```swift
/// let shell = TabBarController(viewControllers: [nav, messages, discover, me])
/// shell.tabBar.tapButton(at: 1)           // shell.selectedViewController === messages
/// messages.tabBarItem.badgeValue = "5"    // the button's badge shows "5"
/// ```
@MainActor
public final class TabBarController: ViewController {
    /// The custom tab bar, retained, whose delegate is this controller.
    public let tabBar = TabBar(frame: .zero)

    /// Makes the controller the plus button presents.
    ///
    /// By default a controller titled "Compose". Retained: capture this tab bar controller
    /// weakly in it.
    public var makeComposeViewController: @MainActor () -> ViewController = {
        ViewController(title: "Compose")
    }

    /// Whether the tab bar is hidden because the selected navigation controller hides its
    /// bottom bar; observable.
    @Observed public private(set) var isTabBarHidden = false

    @Observed private var children: [ViewController] = []
    @Observed private var selection = 0
    let containerView = ContainerView(frame: .zero)
    private var bottomBarObservation: ObservationToken?
    private var tabBarItemObservations: [ObservationToken] = []
    private var isReplacingItems = false

    /// Creates a shell showing `viewControllers`, with the first selected.
    ///
    /// - Parameter viewControllers: The children, one tab each; retained.
    public init(viewControllers: [ViewController]) {
        super.init(title: nil)
        tabBar.delegate = self
        self.viewControllers = viewControllers
    }

    /// The children, one per tab, as UIKit's `UITabBarController.viewControllers`; observable.
    ///
    /// Setting it releases the old children, rebuilds the bar from the new children's
    /// `tabBarItem`s and selects the first.
    ///
    /// - Complexity: O(*n*) to set, where *n* is the number of children.
    public var viewControllers: [ViewController] {
        get { children }
        set {
            for child in children where child.parent === self { child.parent = nil }
            for child in newValue { child.parent = self }
            children = newValue
            tabBar.items = newValue.map(\.tabBarItem)
            if newValue.isEmpty { showChild(at: 0) }
            tabBarItemObservations = newValue.map { child in
                child.observe(\.tabBarItem) { [weak self] _, _ in
                    MainActor.assumeIsolated { self?.childTabBarItemDidChange() }
                }
            }
        }
    }

    /// The index of the selected child, as UIKit's `UITabBarController.selectedIndex`.
    ///
    /// Observable. Setting it selects the bar's button too; an index outside
    /// `viewControllers` is ignored.
    public var selectedIndex: Int {
        get { selection }
        set {
            guard children.indices.contains(newValue) else { return }
            tabBar.selectedIndex = newValue
            showChild(at: newValue)
        }
    }

    /// The selected child, or `nil` without children, as UIKit's
    /// `UITabBarController.selectedViewController`; observable.
    public var selectedViewController: ViewController? {
        children.indices.contains(selection) ? children[selection] : nil
    }

    /// Makes the root view: the container of the selected child's view, and the tab bar.
    ///
    /// - Returns: The root view.
    public override func makeView() -> View {
        TabBarControllerView(containerView: containerView, tabBar: tabBar)
    }

    /// Shows the child at `index` and follows its bottom bar.
    func showChild(at index: Int) {
        let child = children.indices.contains(index) ? children[index] : nil
        containerView.show(child?.view)
        selection = child == nil ? 0 : index
        followBottomBar(of: child)
    }

    /// Rebuilds the bar from the children's current items and selects the same child again.
    private func childTabBarItemDidChange() {
        let selected = selection
        isReplacingItems = true
        tabBar.items = children.map(\.tabBarItem)
        isReplacingItems = false
        tabBar.selectedIndex = selected
    }

    /// Hides the tab bar while `child` is a navigation controller that hides its bottom bar.
    private func followBottomBar(of child: ViewController?) {
        bottomBarObservation = nil
        guard let navigation = child as? NavigationController else {
            setTabBarHidden(false)
            return
        }
        bottomBarObservation = navigation.observe(\.isBottomBarHidden, options: [.initial, .new]) {
            [weak self] _, change in
            let isHidden = change.newValue ?? false
            MainActor.assumeIsolated { self?.setTabBarHidden(isHidden) }
        }
    }

    func setTabBarHidden(_ isHidden: Bool) {
        guard isHidden != isTabBarHidden else { return }
        tabBar.isHidden = isHidden
        if isViewLoaded { view.setNeedsLayout() }
        isTabBarHidden = isHidden
    }
}

extension TabBarController: TabBarDelegate {
    /// Shows the child whose button was tapped.
    ///
    /// - Parameters:
    ///   - tabBar: The tab bar.
    ///   - index: The index of the selected item.
    public func tabBar(_ tabBar: TabBar, didSelectItemAt index: Int) {
        // Rebuilding the bar for a replaced item re-selects the current child instead.
        guard !isReplacingItems else { return }
        showChild(at: index)
    }

    /// Presents the controller `makeComposeViewController` makes, unless one is presented.
    ///
    /// - Parameter tabBar: The tab bar.
    public func tabBarDidTapPlusButton(_ tabBar: TabBar) {
        present(makeComposeViewController(), animated: true)
    }
}
