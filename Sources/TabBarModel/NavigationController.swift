import Foundation
import Observing

/// A stack of controllers under a navigation bar, as UIKit's `UINavigationController` with
/// the customizations an app shell gives every pushed screen.
///
/// The stack always holds its root. `push(_:animated:)` puts a controller on top, shows its
/// view in the container and gives it `hidesBottomBarWhenPushed = true`, a back item on the
/// left (pops one) and a "more" item on the right (pops to the root). The pop methods remove
/// controllers from the top, take back what the push gave them and release them, so a popped
/// controller made the root of another stack has no back item and does not hide the tab bar
/// (unless it asks to itself). The navigation bar follows the top controller's
/// navigation item and title, and the previous controller's title, live.
///
/// The controller retains the stack; each child refers back weakly (`parent`), and every
/// observation and bar button action captures the controller weakly. `viewControllers`,
/// `isBottomBarHidden` and `isInteractivePopGestureEnabled` are observable; a change of the
/// stack is one change of `viewControllers`, however many controllers it moves.
///
/// A change made from an observer or a delegate call while another change of this model is
/// under way is made at once and completely; the change under way then stops where it is, so
/// the last change made is the state that remains (see <doc:BuildingAnAppShell>).
///
/// ```swift
/// let nav = NavigationController(rootViewController: inbox)
/// nav.push(message, animated: true)     // true; nav.isBottomBarHidden == true
/// nav.navigationBar.backButtonTitle     // "Inbox"
/// nav.navigationBar.leftItems.first?.tap()   // pops back to inbox
/// ```
@MainActor
public final class NavigationController: ViewController {
    /// The back item's image, "navigationbar_back", 13 x 21 pt.
    static let backImage = ImageAsset("navigationbar_back", width: 13, height: 21)
    /// The back item's highlighted image.
    static let backHighlightedImage = ImageAsset("navigationbar_back_highlighted", width: 13, height: 21)
    /// The more item's image, "navigationbar_more", 24 x 24 pt.
    static let moreImage = ImageAsset("navigationbar_more", width: 24, height: 24)
    /// The more item's highlighted image.
    static let moreHighlightedImage = ImageAsset("navigationbar_more_highlighted", width: 24, height: 24)

    /// The bar showing the top controller's navigation item; retained.
    public let navigationBar = NavigationBar(frame: .zero)

    /// The stack, root first, as UIKit's `UINavigationController.viewControllers`.
    ///
    /// Never empty. Observable: each push or pop is one change.
    @Observed public internal(set) var viewControllers: [ViewController]

    /// Whether the bottom (tab) bar should be hidden, as the top controller's
    /// `hidesBottomBarWhenPushed` asks.
    ///
    /// Observable; a `TabBarController` follows it while this controller is selected.
    @Observed public internal(set) var isBottomBarHidden = false

    /// Whether the edge swipe that pops is enabled, as UIKit's `interactivePopGestureRecognizer`
    /// of a stack with more than one controller; observable.
    @Observed public internal(set) var isInteractivePopGestureEnabled = false

    let containerView = ContainerView(frame: .zero)
    var barObservations: [ObservationToken] = []
    /// Numbers the changes of the stack or the bar (see `stackDidChange(_:)`).
    var changeCounter = ChangeCounter()

    /// Creates a stack holding `rootViewController`, as UIKit's
    /// `UINavigationController(rootViewController:)`.
    ///
    /// - Parameter rootViewController: The root, retained; it is never popped. Should a stack
    ///   that pushed it still have given it its back and "more" items or
    ///   `hidesBottomBarWhenPushed`, they are taken back, as a pop does.
    public init(rootViewController: ViewController) {
        self.viewControllers = [rootViewController]
        super.init(title: nil)
        rootViewController.parent = self
        // A root shows no back item and hides no bar because a stack it left had pushed it.
        rootViewController.takeBackStackGift()
        stackDidChange(changeCounter.begin())
    }

    /// The controller on top of the stack, as UIKit's
    /// `UINavigationController.topViewController`; the root when nothing is pushed.
    public var topViewController: ViewController {
        viewControllers[viewControllers.count - 1]
    }

    /// Makes the root view: the navigation bar at y = 20, 44 pt tall, full width, and the
    /// container of the top controller's view below it.
    ///
    /// - Returns: The root view.
    public override func makeView() -> View {
        NavigationControllerView(navigationBar: navigationBar, containerView: containerView) {
            [weak self] in
            self?.updateNavigationBar()
        }
    }
}
