extension ViewController {
    /// Presents `viewController` modally, as UIKit's `UIViewController.present(_:animated:)`.
    ///
    /// The presented controller is retained in `presentedViewController` until dismissed; it
    /// refers back through `presentingViewController` weakly. Refused (returns `false`, nothing
    /// changes) while this controller already presents one, or when `viewController` is this
    /// controller, is already presented, is a child of a container, or is already active above
    /// this one: a container holding this controller (its tab bar or navigation controller, at
    /// any depth) or a controller presenting it or one of its containers, as UIKit refuses to
    /// present an active controller. Presenting one of those would make it retain itself.
    ///
    /// - Parameters:
    ///   - viewController: The controller to present.
    ///   - animated: Accepted for UIKit parity; the model changes at once.
    /// - Returns: Whether the controller was presented.
    /// - Complexity: O(*d*), where *d* is the number of containers and presenters above this
    ///   controller.
    @discardableResult
    public func present(_ viewController: ViewController, animated: Bool) -> Bool {
        guard presentedViewController == nil, viewController.presentingViewController == nil,
            viewController.parent == nil, !isHeld(by: viewController)
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

    /// Whether `viewController` is this controller or holds it: a container of it or a presenter
    /// of it, or of one of those, at any distance.
    private func isHeld(by viewController: ViewController) -> Bool {
        var pending: [ViewController] = [self]
        var seen: Set<ObjectIdentifier> = []
        while let candidate = pending.popLast() {
            if candidate === viewController { return true }
            guard seen.insert(ObjectIdentifier(candidate)).inserted else { continue }
            pending += [candidate.parent, candidate.presentingViewController].compactMap { $0 }
        }
        return false
    }
}
