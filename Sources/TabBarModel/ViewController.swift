import Foundation
import Observing

/// A screen of the app shell: a title, a lazily made view, and the items the tab bar and the
/// navigation bar show for it, as UIKit's `UIViewController`.
///
/// Containers (`TabBarController`, `NavigationController`) retain their children and set
/// their `parent`, which the child holds weakly, so a container and its children never form a
/// cycle. `title`, `tabBarItem`, `hidesBottomBarWhenPushed` and `presentedViewController` are
/// observable.
///
/// ```swift
/// let home = ViewController(title: "Home")
/// home.tabBarItem = TabBarItem(title: "Home", image: ImageAsset("tabbar_home", width: 30, height: 30))
/// ```
@MainActor
open class ViewController: KeyValueObservable {
    /// The title, as UIKit's `UIViewController.title`; the navigation bar shows it unless the
    /// navigation item has its own title.
    @Observed public var title: String? = nil

    /// The item a tab bar shows for this controller, as UIKit's `UIViewController.tabBarItem`.
    ///
    /// At first an item titled with the controller's initial title. Retained.
    @Observed public var tabBarItem: TabBarItem

    /// Whether the bottom (tab) bar is hidden while this controller is on top of a navigation
    /// stack, as UIKit's `UIViewController.hidesBottomBarWhenPushed`; `false` at first.
    @Observed public var hidesBottomBarWhenPushed = false

    /// The controller this one presents, as UIKit's `UIViewController.presentedViewController`.
    ///
    /// Retained until dismissed. Set by `present(_:animated:)` and `dismiss(animated:)`.
    @Observed public internal(set) var presentedViewController: ViewController? = nil

    /// The controller that presents this one; not retained.
    public internal(set) weak var presentingViewController: ViewController?

    /// The container controller this one is a child of, as UIKit's `UIViewController.parent`.
    ///
    /// Not retained. Set by the containers.
    public internal(set) weak var parent: ViewController?

    /// The title, views and bar button items a navigation bar shows for this controller, as
    /// UIKit's `UIViewController.navigationItem`.
    public let navigationItem = NavigationItem()

    private var loadedView: View?

    /// What the navigation stack this controller was pushed on gave it, until taken back.
    var stackGift: StackGift?

    /// Creates a controller.
    ///
    /// - Parameter title: The title; also the title of the initial `tabBarItem`. `nil` by default.
    public init(title: String? = nil) {
        self.tabBarItem = TabBarItem(title: title)
        self.title = title
    }

    /// The root view, made by `makeView()` on first access, as UIKit's
    /// `UIViewController.view`; retained.
    public var view: View {
        if let loadedView { return loadedView }
        let view = makeView()
        loadedView = view
        return view
    }

    /// Whether `view` has been made, as UIKit's `UIViewController.isViewLoaded`.
    public var isViewLoaded: Bool { loadedView != nil }

    /// Makes the root view, as UIKit's `UIViewController.loadView()`.
    ///
    /// Called once, on the first access of `view`. The base implementation returns an empty
    /// view.
    ///
    /// - Returns: The root view.
    open func makeView() -> View {
        View(frame: .zero)
    }

    /// The nearest ancestor that is a tab bar controller, as UIKit's
    /// `UIViewController.tabBarController`.
    ///
    /// - Complexity: O(*d*), where *d* is the depth of containment.
    public var tabBarController: TabBarController? {
        nearestAncestor(of: TabBarController.self)
    }

    func nearestAncestor<Container: ViewController>(of type: Container.Type) -> Container? {
        var current = parent
        while let candidate = current {
            if let container = candidate as? Container { return container }
            current = candidate.parent
        }
        return nil
    }
}
