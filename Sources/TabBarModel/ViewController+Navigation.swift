extension ViewController {
    /// The nearest ancestor that is a navigation controller, as UIKit's
    /// `UIViewController.navigationController`; `nil` once popped.
    ///
    /// - Complexity: O(*d*), where *d* is the depth of containment.
    public var navigationController: NavigationController? {
        nearestAncestor(of: NavigationController.self)
    }
}
