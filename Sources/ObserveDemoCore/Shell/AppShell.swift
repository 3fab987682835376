import Foundation
import TabBarModel

/// The demo's app shell: a `TabBarController` from TabBarModel, driven by ``DemoEvent``s and
/// read back as ``ShellState`` snapshots.
///
/// Events go through the models' own entry points, as a user's taps would: `select` taps a
/// button (`TabBar.tapButton(at:)`, which tells the controller through its delegate; on the
/// selected tab it pops that tab's stack to the root; a hidden tab bar takes none), a badge
/// sets the item's `badgeValue` (the button, observing its item, updates its `BadgeView`). The
/// snapshot reads what the views show (each button's current title, image and badge content),
/// so the demo draws the result of the observations, not the values it set.
///
/// The shell is laid out 375 x 667 points, the original iPhone's screen.
@MainActor
public final class AppShell: ShellModel {
    /// The width the shell is laid out at, in points: the original iPhone's.
    public static let barWidth = 375.0

    /// The height the shell is laid out at, in points.
    static let screenHeight = 667.0

    /// The controller that holds the tabs.
    public let controller: TabBarController

    /// Creates a shell around a tab bar controller, laying its view out at ``barWidth``, which
    /// places the tab bar along the bottom at that width.
    ///
    /// - Parameter controller: The controller to drive; retained.
    public init(controller: TabBarController) {
        self.controller = controller
        controller.view.frame = CGRect(x: 0, y: 0, width: Self.barWidth, height: Self.screenHeight)
        controller.view.layoutIfNeeded()
    }

    /// The number of tabs.
    public var tabCount: Int { controller.viewControllers.count }

    /// Applies one event; see ``ShellModel/apply(_:)``.
    ///
    /// - Parameter event: The event to apply; `delay` is ignored.
    /// - Throws: ``EventError/indexOutOfRange(field:index:count:)`` for a tab that does not
    ///   exist, ``EventError/refused(_:)`` when the models refuse the event.
    public func apply(_ event: DemoEvent) throws(EventError) {
        switch event {
        case .badge(let tab, let value): try item(at: tab).badgeValue = value
        case .title(let tab, let title): try item(at: tab).title = title
        case .image(let tab, let name, let selectedName):
            let item = try item(at: tab)
            item.image = ImageAsset(name, size: item.image?.size ?? Self.defaultImageSize)
            if let selectedName {
                item.selectedImage = ImageAsset(
                    selectedName, size: item.selectedImage?.size ?? Self.defaultImageSize)
            }
        case .select(let tab):
            try checkTab(tab)
            guard controller.presentedViewController == nil else {
                throw .refused("cannot select a tab while '\(presentedTitle)' is presented")
            }
            guard !controller.tabBar.isHidden else {
                throw .refused("cannot select a tab: the tab bar is hidden")
            }
            controller.tabBar.tapButton(at: tab)
        case .plus:
            guard controller.presentedViewController == nil else {
                throw .refused("'\(presentedTitle)' is already presented")
            }
            guard !controller.tabBar.isHidden else {
                throw .refused("cannot tap plus: the tab bar is hidden")
            }
            controller.tabBar.tapPlusButton()
        case .dismiss:
            guard controller.dismiss(animated: true) != nil else { throw .refused("nothing is presented") }
        case .push, .pop, .popTo, .popToRoot:
            try applyNavigation(event)
        case .delay:
            break
        }
    }

    /// The size of images set by `image` events on items that had none, in points.
    static let defaultImageSize = CGSize(width: 30, height: 30)

    private var presentedTitle: String {
        controller.presentedViewController?.title ?? "a screen"
    }

    func checkTab(_ tab: Int) throws(EventError) {
        guard controller.viewControllers.indices.contains(tab) else {
            throw .indexOutOfRange(field: "tab", index: tab, count: tabCount)
        }
    }

    private func item(at tab: Int) throws(EventError) -> TabBarItem {
        try checkTab(tab)
        return controller.viewControllers[tab].tabBarItem
    }
}
