import Observing

extension NavigationController {
    /// Shows the new top controller's view and re-wires the bar and the flags to it.
    ///
    /// Each observable write may run observers that change the stack again; such a nested
    /// change settles everything itself, so this one stops at the first write after which
    /// `change` is no longer the latest (what it would still write is stale).
    func stackDidChange(_ change: Int) {
        containerView.show(topViewController.view)
        observeTopForBar()
        let isPopEnabled = viewControllers.count > 1
        if isPopEnabled != isInteractivePopGestureEnabled {
            isInteractivePopGestureEnabled = isPopEnabled
            guard changeCounter.isCurrent(change) else { return }
        }
        showTopInBar(change)
    }

    /// Observes what the bar and `isBottomBarHidden` show: the top controller's title, item and
    /// `hidesBottomBarWhenPushed`, and the previous controller's title and back item.
    private func observeTopForBar() {
        let top = topViewController
        let item = top.navigationItem
        var observations = [
            observation(of: top, \.title),
            observation(of: top, \.hidesBottomBarWhenPushed),
            observation(of: item, \.title),
            observation(of: item, \.titleView),
            observation(of: item, \.leftBarButtonItems),
            observation(of: item, \.rightBarButtonItems),
        ]
        if viewControllers.count > 1 {
            let previous = viewControllers[viewControllers.count - 2]
            observations.append(observation(of: previous, \.title))
            observations.append(observation(of: previous.navigationItem, \.backBarButtonItem?.title))
        }
        barObservations = observations
    }

    private func observation<Object: KeyValueObservable, Value>(
        of object: Object, _ keyPath: KeyPath<Object, Value>
    ) -> ObservationToken {
        object.observe(keyPath) { [weak self] _, _ in
            self?.updateNavigationBar()
        }
    }

    /// Shows the top controller's state in the bar and updates `isBottomBarHidden`: a change of
    /// its own, which settles everything `stackDidChange(_:)` does, since it may overtake a push
    /// or a pop (from an observer of the stack) that has not settled yet.
    func updateNavigationBar() {
        stackDidChange(changeCounter.begin())
    }

    /// Shows the top controller's state in the bar and updates `isBottomBarHidden`, stopping
    /// when a nested change overtakes `change`.
    private func showTopInBar(_ change: Int) {
        let top = topViewController
        let item = top.navigationItem
        var backButtonTitle: String?
        if viewControllers.count > 1 {
            let previous = viewControllers[viewControllers.count - 2]
            backButtonTitle = navigationBar.backButtonTitle(
                for: previous.navigationItem.backBarButtonItem?.title ?? previous.title)
        }
        navigationBar.show(
            title: item.title ?? top.title, titleView: item.titleView, leftItems: item.leftBarButtonItems,
            rightItems: item.rightBarButtonItems, backButtonTitle: backButtonTitle
        ) { self.changeCounter.isCurrent(change) }
        guard changeCounter.isCurrent(change) else { return }
        if top.hidesBottomBarWhenPushed != isBottomBarHidden {
            isBottomBarHidden = top.hidesBottomBarWhenPushed
        }
    }
}
