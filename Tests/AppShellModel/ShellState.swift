import TabBarModel

/// Every property the model-based test compares, by name, as text; and every recorder's history.
package typealias ShellState = [String: String]

extension ShellReferenceModel {
    /// The state the model says the world is in.
    package var state: ShellState {
        var state: ShellState = [
            "shell.viewControllers": order.map { "tab\($0)" }.joined(separator: ","),
            "shell.selectedIndex": "\(selection)",
            "shell.selectedViewController": shown.map { "tab\($0)" } ?? "nil",
            "shell.selectedItem": shown.map { "item of tab\($0)" } ?? "nil",
            "shell.isTabBarHidden": "\(hidden)",
            "tabBar.isHidden": "\(hidden)",
            "shell.presentedViewController": presented ?? "nil",
            "tabBar.items": barItems.map { "item of tab\($0)" }.joined(separator: ","),
            "tabBar.selectedIndex": "\(barSelection)",
            "tabBar.buttons.isSelected": buttonSelected.map { $0 ? "1" : "0" }.joined(),
            "tabBar.buttons.title": barItems.map { describe(itemTitles[$0]) }.joined(separator: ","),
            "tabBar.buttons.badgeValue": barItems.map { describe(badges[$0]) }.joined(separator: ","),
        ]
        for stack in 0..<2 {
            let controllers = stacks[stack]
            let top = controllers[controllers.count - 1]
            state["stack \(stack).viewControllers"] = controllers.joined(separator: ",")
            state["stack \(stack).parents"] = "each controller's parent is the stack"
            state["stack \(stack).isBottomBarHidden"] = "\(bottoms[stack])"
            state["stack \(stack).isInteractivePopGestureEnabled"] = "\(controllers.count > 1)"
            state["stack \(stack).navigationBar.title"] = describe(barTitles[stack])
            state["stack \(stack).navigationBar.backButtonTitle"] = describe(backTitles[stack])
            state["stack \(stack).navigationBar.leftItems"] =
                controllers.count > 1 ? "back item of \(top)" : "none"
            state["stack \(stack).navigationBar.rightItems"] =
                controllers.count > 1 ? "more item of \(top)" : "none"
        }
        for (name, _, _) in Self.recorders {
            state["history of \(name)"] = (histories[name] ?? []).joined(separator: " | ")
        }
        return state
    }
}

extension ShellLiveWorld {
    /// The state the live models are in.
    package var state: ShellState {
        let bar = shell.tabBar
        var state: ShellState = [
            "shell.viewControllers": shell.viewControllers.map { name($0) }.joined(separator: ","),
            "shell.selectedIndex": "\(shell.selectedIndex)",
            "shell.selectedViewController": name(shell.selectedViewController),
            "shell.selectedItem": itemName(shell.selectedItem),
            "shell.isTabBarHidden": "\(shell.isTabBarHidden)",
            "tabBar.isHidden": "\(bar.isHidden)",
            "shell.presentedViewController": name(shell.presentedViewController),
            "tabBar.items": bar.items.map { itemName($0) }.joined(separator: ","),
            "tabBar.selectedIndex": "\(bar.selectedIndex)",
            "tabBar.buttons.isSelected": bar.buttons.map { $0.isSelected ? "1" : "0" }.joined(),
            "tabBar.buttons.title": bar.buttons.map { describe($0.currentTitle) }.joined(separator: ","),
            "tabBar.buttons.badgeValue": bar.buttons.map { describe($0.badgeView.badgeValue) }.joined(
                separator: ","),
        ]
        for (index, stack) in stacks.enumerated() {
            let controllers = stack.viewControllers
            let top = stack.topViewController
            let navigationBar = stack.navigationBar
            let strays = controllers.filter { $0.parent !== stack }.map { name($0) }
            state["stack \(index).viewControllers"] = controllers.map { name($0) }.joined(separator: ",")
            state["stack \(index).parents"] =
                strays.isEmpty ? "each controller's parent is the stack" : "not the stack's: \(strays)"
            state["stack \(index).isBottomBarHidden"] = "\(stack.isBottomBarHidden)"
            state["stack \(index).isInteractivePopGestureEnabled"] = "\(stack.isInteractivePopGestureEnabled)"
            state["stack \(index).navigationBar.title"] = describe(navigationBar.title)
            state["stack \(index).navigationBar.backButtonTitle"] = describe(navigationBar.backButtonTitle)
            state["stack \(index).navigationBar.leftItems"] = barItems(
                navigationBar.leftItems, top.navigationItem.leftBarButtonItems, "back item of \(name(top))")
            state["stack \(index).navigationBar.rightItems"] = barItems(
                navigationBar.rightItems, top.navigationItem.rightBarButtonItems, "more item of \(name(top))")
        }
        for (name, _, _) in ShellReferenceModel.recorders {
            state["history of \(name)"] = (histories[name] ?? []).joined(separator: " | ")
        }
        return state
    }

    private func itemName(_ item: TabBarItem?) -> String {
        guard let item else { return "nil" }
        guard let index = tabs.firstIndex(where: { $0.tabBarItem === item }) else { return "an unknown item" }
        return "item of tab\(index)"
    }

    /// "none", the top's own single item by `name`, or what else the bar shows.
    private func barItems(_ shown: [BarButtonItem], _ topItems: [BarButtonItem], _ name: String) -> String {
        if shown.isEmpty { return "none" }
        if shown.count == 1, topItems.count == 1, shown[0] === topItems[0] { return name }
        return "\(shown.count) items, not the top's own"
    }
}
