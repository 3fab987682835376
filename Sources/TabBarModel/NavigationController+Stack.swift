extension NavigationController {
    /// Pushes `viewController` on top of the stack, as UIKit's
    /// `UINavigationController.pushViewController(_:animated:)`.
    ///
    /// Its view replaces the previous top's view in the container; the previous controller
    /// stays in the stack. The pushed controller gets `hidesBottomBarWhenPushed = true`, a back
    /// item on the left ("navigationbar_back", pops one) and a "more" item on the right
    /// ("navigationbar_more", pops to the root), replacing its navigation item's left and right
    /// items; the items act only while the controller is in this stack. A pop takes back what of
    /// this is still in place: `hidesBottomBarWhenPushed` returns to its value before the push
    /// (if still `true`) and the left and right items to theirs (if still the back and "more"
    /// items). Refused, with nothing changed, when the controller is already in this stack or
    /// has any other parent (another navigation controller, a tab bar controller), is
    /// presented, is a navigation controller, or contains this one. The controller counts as in
    /// the stack from the start of its push: a push or a presentation of it made by an observer
    /// during the push is refused.
    ///
    /// - Parameters:
    ///   - viewController: The controller to push; retained while in the stack.
    ///   - animated: Accepted for UIKit parity; the model changes at once.
    /// - Returns: `true` if pushed, `false` if refused.
    /// - Complexity: O(*d*), where *d* is the depth of this controller's containment.
    @discardableResult
    public func push(_ viewController: ViewController, animated: Bool) -> Bool {
        guard viewController.parent == nil, viewController.presentingViewController == nil,
            !(viewController is NavigationController), !contains(viewController)
        else { return false }
        // Claimed first: from here on, a nested push or presentation of it is refused.
        viewController.parent = self
        viewController.takeBackStackGift()
        let item = viewController.navigationItem
        // The items act on this stack only while the controller is on it.
        let gift = StackGift(
            backItem: BarButtonItem(image: Self.backImage, highlightedImage: Self.backHighlightedImage) {
                [weak self, weak viewController] in
                guard let self, viewController?.parent === self else { return }
                self.pop(animated: true)
            },
            moreItem: BarButtonItem(image: Self.moreImage, highlightedImage: Self.moreHighlightedImage) {
                [weak self, weak viewController] in
                guard let self, viewController?.parent === self else { return }
                self.popToRoot(animated: true)
            },
            previousLeftItems: item.leftBarButtonItems, previousRightItems: item.rightBarButtonItems,
            previousHidesBottomBar: viewController.hidesBottomBarWhenPushed)
        viewController.stackGift = gift
        viewController.hidesBottomBarWhenPushed = true
        item.leftBarButtonItem = gift.backItem
        item.rightBarButtonItem = gift.moreItem
        let change = changeCounter.begin()
        viewControllers += [viewController]
        if changeCounter.isCurrent(change) { stackDidChange(change) }
        return true
    }

    /// Pops the top controller, as UIKit's `UINavigationController.popViewController(animated:)`.
    ///
    /// The popped controller is released by the stack and loses what its push gave it (see
    /// ``push(_:animated:)``); the new top's view is shown. The root is never popped.
    ///
    /// - Parameter animated: Accepted for UIKit parity; the model changes at once.
    /// - Returns: The popped controller, or `nil` at the root.
    @discardableResult
    public func pop(animated: Bool) -> ViewController? {
        guard viewControllers.count > 1 else { return nil }
        return popControllers(above: viewControllers.count - 2).first
    }

    /// Pops every controller above `viewController`, as UIKit's
    /// `UINavigationController.popToViewController(_:animated:)`.
    ///
    /// All of them leave in one change of `viewControllers`, are released by the stack and lose
    /// what their pushes gave them, as with ``pop(animated:)``.
    ///
    /// - Parameters:
    ///   - viewController: A controller in the stack, which becomes the top.
    ///   - animated: Accepted for UIKit parity; the model changes at once.
    /// - Returns: The popped controllers, bottom first; empty when `viewController` is already
    ///   on top; `nil` (stack untouched) when it is not in the stack.
    /// - Complexity: O(*n*), where *n* is the number of controllers in the stack.
    @discardableResult
    public func pop(to viewController: ViewController, animated: Bool) -> [ViewController]? {
        guard let index = viewControllers.firstIndex(where: { $0 === viewController }) else { return nil }
        return popControllers(above: index)
    }

    /// Pops every controller but the root, as UIKit's
    /// `UINavigationController.popToRootViewController(animated:)`.
    ///
    /// The popped controllers lose what their pushes gave them, as with ``pop(animated:)``.
    ///
    /// - Parameter animated: Accepted for UIKit parity; the model changes at once.
    /// - Returns: The popped controllers, bottom first; empty at the root.
    /// - Complexity: O(*n*), where *n* is the number of controllers in the stack.
    @discardableResult
    public func popToRoot(animated: Bool) -> [ViewController] {
        popControllers(above: 0)
    }

    private func popControllers(above index: Int) -> [ViewController] {
        let popped = Array(viewControllers[(index + 1)...])
        guard !popped.isEmpty else { return [] }
        for controller in popped { controller.parent = nil }
        let change = changeCounter.begin()
        viewControllers = Array(viewControllers[...index])
        if changeCounter.isCurrent(change) { stackDidChange(change) }
        // Once off the stack, whose bar follows the top only: one pushed again by an observer
        // meanwhile keeps what its new push gave.
        for controller in popped where controller.parent == nil { controller.takeBackStackGift() }
        return popped
    }

    /// Whether `viewController` is this controller or one of its ancestors.
    private func contains(_ viewController: ViewController) -> Bool {
        var current: ViewController? = self
        while let candidate = current {
            if candidate === viewController { return true }
            current = candidate.parent
        }
        return false
    }
}
