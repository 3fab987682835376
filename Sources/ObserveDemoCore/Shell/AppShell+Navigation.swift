import TabBarModel

extension AppShell {
    /// Applies a navigation event (`push`, `pop`, `popTo`, `popToRoot`) to the navigation
    /// controller of the event's tab, or of the selected tab.
    ///
    /// `push` pushes a new controller with the given title (which hides the tab bar, as every
    /// pushed controller does). `pop` at the root is refused rather than ignored, so that a
    /// stream that loses track of the stack says so; `popToRoot` at the root changes nothing.
    ///
    /// - Parameter event: A navigation event.
    /// - Throws: ``EventError/refused(_:)`` when the tab has no navigation controller or the
    ///   model refuses; ``EventError/indexOutOfRange(field:index:count:)`` for a `popTo` index
    ///   outside the stack.
    func applyNavigation(_ event: DemoEvent) throws(EventError) {
        switch event {
        case .push(let title, let tab):
            let navigation = try navigationController(at: tab)
            guard navigation.push(ViewController(title: title), animated: true) else {
                throw .refused("the navigation controller refused to push '\(title)'")
            }
        case .pop(let tab):
            guard try navigationController(at: tab).pop(animated: true) != nil else {
                throw .refused("cannot pop: the stack is at its root")
            }
        case .popTo(let index, let tab):
            let navigation = try navigationController(at: tab)
            let stack = navigation.viewControllers
            guard stack.indices.contains(index) else {
                throw .indexOutOfRange(field: "index", index: index, count: stack.count)
            }
            navigation.pop(to: stack[index], animated: true)
        case .popToRoot(let tab):
            try navigationController(at: tab).popToRoot(animated: true)
        default:
            break
        }
    }

    /// The navigation bar of the selected tab, or `nil` when that tab is no navigation
    /// controller.
    func navigationSnapshot() -> ShellState.Navigation? {
        guard let navigation = controller.selectedViewController as? NavigationController else { return nil }
        let bar = navigation.navigationBar
        return ShellState.Navigation(
            stack: navigation.viewControllers.map { $0.title ?? "" }, title: bar.title ?? "",
            backTitle: bar.backButtonTitle, leftItems: bar.leftItems.map(Self.label),
            rightItems: bar.rightItems.map(Self.label))
    }

    /// The name of the screen on show: the title of the selected tab's top controller.
    func screenTitle() -> String {
        let selected = controller.selectedViewController
        let top = (selected as? NavigationController)?.topViewController ?? selected
        return top?.title ?? ""
    }

    /// What a bar button item shows in text: its title, else its image's name without the
    /// "navigationbar_" prefix (the pushed screens' "more" item shows "more").
    private static func label(_ item: BarButtonItem) -> String {
        if let title = item.title { return title }
        let name = item.image?.name ?? "item"
        return name.hasPrefix("navigationbar_") ? String(name.dropFirst("navigationbar_".count)) : name
    }

    private func navigationController(at tab: Int?) throws(EventError) -> NavigationController {
        let index = tab ?? controller.selectedIndex
        try checkTab(index)
        guard let navigation = controller.viewControllers[index] as? NavigationController else {
            let title = controller.viewControllers[index].tabBarItem.title ?? "untitled"
            throw .refused("tab \(index) ('\(title)') has no navigation controller")
        }
        return navigation
    }
}
