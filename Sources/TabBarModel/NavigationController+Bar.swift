import Observing

extension NavigationController {
    /// Shows the new top controller's view and re-wires the bar and the flags to it.
    func stackDidChange() {
        containerView.show(topViewController.view)
        let isPopEnabled = viewControllers.count > 1
        if isPopEnabled != isInteractivePopGestureEnabled { isInteractivePopGestureEnabled = isPopEnabled }
        observeTopForBar()
        updateNavigationBar()
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

    /// Shows the top controller's state in the bar and updates `isBottomBarHidden`.
    func updateNavigationBar() {
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
            rightItems: item.rightBarButtonItems, backButtonTitle: backButtonTitle)
        if top.hidesBottomBarWhenPushed != isBottomBarHidden {
            isBottomBarHidden = top.hidesBottomBarWhenPushed
        }
    }
}
