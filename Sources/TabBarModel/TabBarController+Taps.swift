extension TabBarController: TabBarDelegate {
    /// Asks the controller's `delegate` whether the tapped child may be selected.
    ///
    /// The controller sets its bar's items without this round trip, so the bar asks only for
    /// taps.
    ///
    /// - Parameters:
    ///   - tabBar: The tab bar.
    ///   - index: The index of the tapped item.
    /// - Returns: The delegate's answer, `true` without a delegate; `false` for an index that
    ///   names no child.
    public func tabBar(_ tabBar: TabBar, shouldSelectItemAt index: Int) -> Bool {
        guard viewControllers.indices.contains(index) else { return false }
        return delegate?.tabBarController(self, shouldSelect: viewControllers[index]) ?? true
    }

    /// Shows the child whose button was tapped or, when it is already selected and shown, pops
    /// its navigation stack to the root (a child that is no `NavigationController` stays as it
    /// is).
    ///
    /// A tap made from an observer while the controller selects that child, before it shows it,
    /// is no re-tap: it completes the selection and pops nothing.
    ///
    /// - Parameters:
    ///   - tabBar: The tab bar.
    ///   - index: The index of the selected item.
    public func tabBar(_ tabBar: TabBar, didSelectItemAt index: Int) {
        guard viewControllers.indices.contains(index) else { return }
        if index == selectedIndex, selectedViewController === viewControllers[index] {
            (viewControllers[index] as? NavigationController)?.popToRoot(animated: true)
        } else {
            select(index)
        }
    }

    /// Presents the controller `makeComposeViewController` makes, unless one is presented.
    ///
    /// - Parameter tabBar: The tab bar.
    public func tabBarDidTapPlusButton(_ tabBar: TabBar) {
        present(makeComposeViewController(), animated: true)
    }
}
