extension ViewController {
    /// Presents `viewController` modally, as UIKit's `UIViewController.present(_:animated:)`.
    ///
    /// The presented controller is retained in `presentedViewController` until dismissed; it
    /// refers back through `presentingViewController` weakly. Refused (returns `false`, nothing
    /// changes) while this controller already presents one, or when `viewController` is this
    /// controller, is already presented, or is a child of a container.
    ///
    /// - Parameters:
    ///   - viewController: The controller to present.
    ///   - animated: Accepted for UIKit parity; the model changes at once.
    /// - Returns: Whether the controller was presented.
    @discardableResult
    public func present(_ viewController: ViewController, animated: Bool) -> Bool {
        guard presentedViewController == nil, viewController !== self,
            viewController.presentingViewController == nil, viewController.parent == nil
        else { return false }
        viewController.presentingViewController = self
        presentedViewController = viewController
        return true
    }

    /// Dismisses the controller this one presents or, if it presents none, this controller
    /// from its presenter, as UIKit's `UIViewController.dismiss(animated:completion:)`.
    ///
    /// The dismissed controller is released by its presenter.
    ///
    /// - Parameter animated: Accepted for UIKit parity; the model changes at once.
    /// - Returns: The dismissed controller, or `nil` if there was nothing to dismiss.
    @discardableResult
    public func dismiss(animated: Bool) -> ViewController? {
        if let presented = presentedViewController {
            presented.presentingViewController = nil
            presentedViewController = nil
            return presented
        }
        guard let presenting = presentingViewController else { return nil }
        return presenting.dismiss(animated: animated)
    }
}
