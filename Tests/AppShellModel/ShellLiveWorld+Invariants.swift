import TabBarModel

extension ShellLiveWorld {
    /// The rules every state of the live models must meet whatever happened before, each broken
    /// one as a line "property: what disagrees"; empty when all hold.
    ///
    /// Unlike the reference model, these read only the live objects and UIKit's rules of one
    /// consistent state (the selected child is the one shown, the bar shows the top of its
    /// stack), not how the models get there, so a bug the reference model copied still breaks
    /// one of them.
    package var invariantViolations: [String] {
        var violations = shellViolations()
        for (index, stack) in stacks.enumerated() {
            violations += stackViolations(stack).map { "stack \(index)." + $0 }
        }
        return violations
    }

    private func shellViolations() -> [String] {
        var violations: [String] = []
        let children = shell.viewControllers
        let index = shell.selectedIndex
        let bar = shell.tabBar
        guard children.indices.contains(index) else {
            return ["shell.selectedIndex: \(index) names no child of \(children.count)"]
        }
        let child = children[index]
        if shell.selectedViewController !== child {
            violations.append(
                "shell.selectedViewController: \(name(shell.selectedViewController)),"
                    + " not viewControllers[\(index)] (\(name(child)))")
        }
        if shell.selectedItem !== child.tabBarItem {
            violations.append("shell.selectedItem: not the tabBarItem of viewControllers[\(index)]")
        }
        if !bar.items.elementsEqual(children.map(\.tabBarItem), by: ===) {
            violations.append("tabBar.items: not the children's tabBarItems")
        }
        if bar.selectedIndex != index {
            violations.append("tabBar.selectedIndex: \(bar.selectedIndex), the shell's \(index)")
        }
        let selectedButtons = bar.buttons.indices.filter { bar.buttons[$0].isSelected }
        if selectedButtons != [index] {
            violations.append("tabBar.buttons.isSelected: \(selectedButtons) selected, not [\(index)]")
        }
        let shownHides = (shell.selectedViewController as? NavigationController)?.isBottomBarHidden ?? false
        if shell.isTabBarHidden != bar.isHidden || shell.isTabBarHidden != shownHides {
            violations.append(
                "shell.isTabBarHidden: \(shell.isTabBarHidden), tabBar.isHidden \(bar.isHidden),"
                    + " the shown child's isBottomBarHidden \(shownHides)")
        }
        return violations
    }

    private func stackViolations(_ stack: NavigationController) -> [String] {
        var violations: [String] = []
        let controllers = stack.viewControllers
        let top = stack.topViewController
        let item = top.navigationItem
        let bar = stack.navigationBar
        if controllers.last !== top { violations.append("topViewController: not the last controller") }
        if bar.title != (item.title ?? top.title) {
            violations.append(
                "navigationBar.title: \(describe(bar.title)), the top's \(describe(item.title ?? top.title))")
        }
        var back: String?
        if controllers.count > 1 {
            let previous = controllers[controllers.count - 2]
            back = previous.navigationItem.backBarButtonItem?.title ?? previous.title ?? "Back"
        }
        // The live world never lays the bars out, so no title is too wide for the back button.
        if bar.backButtonTitle != back {
            violations.append(
                "navigationBar.backButtonTitle: \(describe(bar.backButtonTitle)), expected \(describe(back))")
        }
        if bar.titleView !== item.titleView { violations.append("navigationBar.titleView: not the top's") }
        if !bar.leftItems.elementsEqual(item.leftBarButtonItems, by: ===)
            || !bar.rightItems.elementsEqual(item.rightBarButtonItems, by: ===)
        {
            violations.append("navigationBar.leftItems/rightItems: not the top's")
        }
        let itemViews = (item.leftBarButtonItems + item.rightBarButtonItems).map(\.customView)
        let expectedViews = ([item.titleView] + itemViews).compactMap { $0 }
        let subviews = bar.subviews
        let isExact =
            subviews.first === bar.backgroundView && subviews.count == 1 + expectedViews.count
            && expectedViews.allSatisfy { view in subviews.contains { $0 === view } }
        if !isExact {
            violations.append(
                "navigationBar.subviews: \(subviews.count), not the background, the title view and the"
                    + " top's \(expectedViews.count) item views")
        }
        if stack.isBottomBarHidden != top.hidesBottomBarWhenPushed {
            violations.append(
                "isBottomBarHidden: \(stack.isBottomBarHidden), the top's hidesBottomBarWhenPushed"
                    + " \(top.hidesBottomBarWhenPushed)")
        }
        if stack.isInteractivePopGestureEnabled != (controllers.count > 1) {
            violations.append(
                "isInteractivePopGestureEnabled: \(stack.isInteractivePopGestureEnabled) with"
                    + " \(controllers.count) controllers")
        }
        return violations
    }
}
