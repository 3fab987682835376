import Foundation
import Observing

/// The app shell: child controllers behind a custom `TabBar` with a centre plus button, as a
/// `UITabBarController` subclass that replaces its tab bar.
///
/// The bar's items are the children's `tabBarItem`s: each item's title, images and badge stay
/// live, and assigning a child a new `tabBarItem` rebuilds the bar, keeping the selection.
/// A tap on a button first asks the `delegate`; then it selects the child and shows its view
/// or, on the selected tab, pops that tab's navigation stack to its root, as UIKit's
/// `UITabBarController` does. The plus button presents the controller
/// `makeComposeViewController` makes. While the selected child is a `NavigationController`,
/// `isTabBarHidden` follows its `isBottomBarHidden`; the hidden bar takes no taps.
///
/// The controller retains its children and its tab bar; the children refer back weakly, the
/// bar's delegate (this controller) and the controller's `delegate` are weak, and its
/// observations capture it weakly, so dropping the controller releases everything.
/// `selectedIndex`, `viewControllers`, `isTabBarHidden` and `presentedViewController` are
/// observable.
///
/// A change made from an observer or a delegate call while another change of this model is
/// under way is made at once and completely; the change under way then stops where it is, so
/// the last change made is the state that remains (see <doc:BuildingAnAppShell>).
///
/// ```swift
/// let shell = TabBarController(viewControllers: [nav, messages, discover, me])
/// shell.tabBar.tapButton(at: 1)           // shell.selectedViewController === messages
/// messages.tabBarItem.badgeValue = "5"    // the button's badge shows "5"
/// shell.tabBar.tapButton(at: 1)           // a re-tap: pops a navigation stack to its root
/// ```
@MainActor
public final class TabBarController: ViewController {
    /// The custom tab bar, retained, whose delegate is this controller.
    ///
    /// The controller sets its items and selection: change `viewControllers`, the children's
    /// `tabBarItem`s or `selectedIndex` rather than the bar's `items` or `delegate`.
    public let tabBar = TabBar(frame: .zero)

    /// The delegate asked before a tap selects a child; not retained.
    public weak var delegate: (any TabBarControllerDelegate)?

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
    /// The child whose view is shown; kept apart from `children[selection]` so that setting
    /// `viewControllers` reports the new selected child once, not the old index's child first.
    @Observed private var shownChild: ViewController?
    let containerView = ContainerView(frame: .zero)
    private var bottomBarObservation: ObservationToken?
    private var tabBarItemObservations: [ObservationToken] = []
    /// Numbers the changes of the selection or the children (see `settle(_:)`).
    private var changeCounter = ChangeCounter()

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
    /// `tabBarItem`s, selects the first and shows its view, asking the `delegate` nothing.
    ///
    /// - Complexity: O(*n*) to set, where *n* is the number of children.
    public var viewControllers: [ViewController] {
        get { children }
        set {
            let change = changeCounter.begin()
            for child in children where child.parent === self { child.parent = nil }
            for child in newValue { child.parent = self }
            tabBarItemObservations = newValue.map { child in
                child.observe(\.tabBarItem) { [weak self] _, _ in
                    self?.childTabBarItemDidChange()
                }
            }
            children = newValue
            guard changeCounter.isCurrent(change) else { return }
            selection = 0
            guard changeCounter.isCurrent(change) else { return }
            settle(change)
        }
    }

    /// The index of the selected child, as UIKit's `UITabBarController.selectedIndex`.
    ///
    /// Observable. Setting it selects the bar's button too, asking the `delegate` nothing and
    /// popping no navigation stack; an index outside `viewControllers` is ignored.
    public var selectedIndex: Int {
        get { selection }
        set {
            guard children.indices.contains(newValue) else { return }
            select(newValue)
        }
    }

    /// The selected child, or `nil` without children, as UIKit's
    /// `UITabBarController.selectedViewController`; observable.
    public var selectedViewController: ViewController? { shownChild }

    /// The selected child's tab-bar item, or `nil` without children.
    ///
    /// Observable, also as a chain: `shell.observe(\.selectedItem?.badgeValue)` follows the
    /// badge of whichever tab is selected and re-wires when the selection changes.
    public var selectedItem: TabBarItem? { selectedViewController?.tabBarItem }

    /// Makes the root view: the container of the selected child's view, and the tab bar.
    ///
    /// - Returns: The root view.
    public override func makeView() -> View {
        TabBarControllerView(containerView: containerView, tabBar: tabBar)
    }

    /// Selects the child at `index` (a valid index) and settles everything that follows from it.
    func select(_ index: Int) {
        let change = changeCounter.begin()
        // Written also when unchanged, as every set notifies.
        selection = index
        guard changeCounter.isCurrent(change) else { return }
        settle(change)
    }

    /// Rebuilds the bar from the children's current items, keeping the selected child.
    private func childTabBarItemDidChange() {
        settle(changeCounter.begin())
    }

    /// Makes everything that follows from `children` and `selection` agree with them: the bar's
    /// items and selected button, the shown child and its view, and the tab bar's visibility.
    ///
    /// Each observable write may run observers that change this controller again; such a
    /// nested change settles everything itself, so this one stops at the first write after
    /// which `change` is no longer the latest (what it would still write is stale). Only this
    /// controller's own changes stop it: a nested change of the bar alone (a re-tap of the tab
    /// being selected, a write of the bar's `selectedIndex`) leaves this change under way, which
    /// then selects its tab on the bar again if the bar moved.
    private func settle(_ change: Int) {
        let items = children.map(\.tabBarItem)
        if tabBar.items.elementsEqual(items, by: ===) {
            tabBar.select(selection)
        } else {
            tabBar.replaceItems(with: items, selecting: selection)
        }
        guard changeCounter.isCurrent(change) else { return }
        if tabBar.selectedIndex != selection {
            // Once: an observer that moves the bar at every write would otherwise never end.
            tabBar.select(selection)
            guard changeCounter.isCurrent(change) else { return }
        }
        let child = children.indices.contains(selection) ? children[selection] : nil
        containerView.show(child?.view)
        if shownChild !== child {
            shownChild = child
            guard changeCounter.isCurrent(change) else { return }
        }
        followBottomBar(of: child)
    }

    /// Hides the tab bar while `child` is a navigation controller that hides its bottom bar.
    private func followBottomBar(of child: ViewController?) {
        guard let navigation = child as? NavigationController else {
            bottomBarObservation = nil
            setTabBarHidden(false)
            return
        }
        // Registered before the current value is applied, so that a change made by an observer
        // of `isTabBarHidden` (which re-wires this observation) is not overwritten afterwards.
        bottomBarObservation = navigation.observe(\.isBottomBarHidden) { [weak self] _, _ in
            self?.followShownBottomBar()
        }
        setTabBarHidden(navigation.isBottomBarHidden)
    }

    /// Applies the shown navigation controller's current `isBottomBarHidden`.
    private func followShownBottomBar() {
        setTabBarHidden((shownChild as? NavigationController)?.isBottomBarHidden ?? false)
    }

    func setTabBarHidden(_ isHidden: Bool) {
        guard isHidden != isTabBarHidden else { return }
        tabBar.isHidden = isHidden
        if isViewLoaded { view.setNeedsLayout() }
        isTabBarHidden = isHidden
    }
}
