import Observing
import TabBarModel

/// The real models the model-based test drives: the shell the reference model describes, with
/// the same recorders and reactions registered, in the same order.
@MainActor
package final class ShellLiveWorld {
    let shell: TabBarController
    let stacks: [NavigationController]
    /// The children by identity (0 to 3), whatever their order in the shell.
    let tabs: [ViewController]
    private let gate = ShellGate()
    private let reactions: [ShellReaction]
    private var firesLeft: [Int]
    private var tokens: [ObservationToken] = []
    /// What each recorder was told, in order.
    private(set) var histories: [String: [String]] = [:]
    private var names: [ObjectIdentifier: String] = [:]
    private var freshCount = 0
    private var composeCount = 0
    private var lastPopped: ViewController?

    package init(reactions: [ShellReaction]) {
        self.reactions = reactions
        firesLeft = reactions.map { _ in ShellReaction.firesPerStep }
        let home = ViewController(title: "Home")
        let discover = ViewController(title: "Discover")
        stacks = [
            NavigationController(rootViewController: home),
            NavigationController(rootViewController: discover),
        ]
        tabs = [stacks[0], ViewController(title: "Messages"), stacks[1], ViewController(title: "Me")]
        for (index, tab) in tabs.enumerated() {
            tab.tabBarItem = TabBarItem(title: "Tab \(index)")
            names[ObjectIdentifier(tab)] = "tab\(index)"
        }
        names[ObjectIdentifier(home)] = "Home"
        names[ObjectIdentifier(discover)] = "Discover"
        shell = TabBarController(viewControllers: tabs)
        shell.delegate = gate
        shell.makeComposeViewController = { [unowned self] in
            composeCount += 1
            return named(ViewController(title: "Compose \(composeCount)"), "Compose \(composeCount)")
        }
        registerRecorders()
        registerReactions()
    }

    private func named(_ controller: ViewController, _ name: String) -> ViewController {
        names[ObjectIdentifier(controller)] = name
        return controller
    }

    /// The model's name of `controller`.
    func name(_ controller: ViewController?) -> String {
        guard let controller else { return "nil" }
        return names[ObjectIdentifier(controller)] ?? "unnamed"
    }

    private func record(_ name: String, _ value: String) {
        histories[name, default: []].append(value)
    }

    private func registerRecorders() {
        // Computed properties: the value as read when the observer is called.
        tokens.append(
            shell.observe(\.selectedIndex) { [unowned self] shell, _ in
                record("shell.selectedIndex", "\(shell.selectedIndex)")
            })
        tokens.append(
            shell.observe(\.selectedViewController) { [unowned self] shell, _ in
                record("shell.selectedViewController", name(shell.selectedViewController))
            })
        // Stored properties: the value the change carries.
        tokens.append(
            shell.observe(\.isTabBarHidden, options: [.new]) { [unowned self] _, change in
                record("shell.isTabBarHidden", "\(change.newValue ?? false)")
            })
        tokens.append(
            shell.observe(\.presentedViewController, options: [.new]) { [unowned self] _, change in
                record("shell.presentedViewController", name(change.newValue ?? nil))
            })
        tokens.append(
            shell.tabBar.observe(\.selectedIndex) { [unowned self] bar, _ in
                record("tabBar.selectedIndex", "\(bar.selectedIndex)")
            })
        for (index, stack) in stacks.enumerated() {
            tokens.append(
                stack.observe(\.viewControllers, options: [.new]) { [unowned self] _, change in
                    record(
                        "stack \(index).viewControllers",
                        (change.newValue ?? []).map { name($0) }.joined(separator: ","))
                })
        }
        for (index, stack) in stacks.enumerated() {
            tokens.append(
                stack.observe(\.isBottomBarHidden, options: [.new]) { [unowned self] _, change in
                    record("stack \(index).isBottomBarHidden", "\(change.newValue ?? false)")
                })
        }
        for (index, stack) in stacks.enumerated() {
            tokens.append(
                stack.navigationBar.observe(\.title, options: [.new]) { [unowned self] _, change in
                    record("stack \(index).navigationBar.title", describe(change.newValue ?? nil))
                })
        }
        for (index, stack) in stacks.enumerated() {
            tokens.append(
                stack.navigationBar.observe(\.backButtonTitle, options: [.new]) { [unowned self] _, change in
                    record("stack \(index).navigationBar.backButtonTitle", describe(change.newValue ?? nil))
                })
        }
    }

    private func registerReactions() {
        for (index, reaction) in reactions.enumerated() {
            let act: @MainActor () -> Void = { [unowned self] in react(index) }
            switch reaction.trigger {
            case .selectedIndex: tokens.append(shell.observe(\.selectedIndex) { _, _ in act() })
            case .barSelectedIndex: tokens.append(shell.tabBar.observe(\.selectedIndex) { _, _ in act() })
            case .stackCount(let stack, _):
                tokens.append(stacks[stack].observe(\.viewControllers) { _, _ in act() })
            case .tabBarHidden: tokens.append(shell.observe(\.isTabBarHidden) { _, _ in act() })
            case .presented: tokens.append(shell.observe(\.presentedViewController) { _, _ in act() })
            case .badge(let tab): tokens.append(tabs[tab].tabBarItem.observe(\.badgeValue) { _, _ in act() })
            case .barTitle(let stack):
                tokens.append(stacks[stack].navigationBar.observe(\.title) { _, _ in act() })
            case .shouldSelect(let tab):
                let controller = tabs[tab]
                gate.onAsk.append { asked in if asked === controller { act() } }
            }
        }
    }

    /// Runs the reaction at `index` if its trigger holds now and it may still act in this step.
    private func react(_ index: Int) {
        let reaction = reactions[index]
        guard firesLeft[index] > 0, triggerHolds(reaction.trigger) else { return }
        firesLeft[index] -= 1
        perform(reaction.action)
    }

    private func triggerHolds(_ trigger: ShellReaction.Trigger) -> Bool {
        switch trigger {
        case .selectedIndex(let index): shell.selectedIndex == index
        case .barSelectedIndex(let index): shell.tabBar.selectedIndex == index
        case .stackCount(let stack, let count): stacks[stack].viewControllers.count == count
        case .tabBarHidden: shell.isTabBarHidden
        case .presented: shell.presentedViewController != nil
        case .badge, .shouldSelect, .barTitle: true
        }
    }

    /// Runs one top-level step.
    package func run(_ action: ShellAction) {
        firesLeft = reactions.map { _ in ShellReaction.firesPerStep }
        perform(action)
    }

    private func perform(_ action: ShellAction) {
        switch action {
        case .tap(let index): shell.tabBar.tapButton(at: index)
        case .tapPlus: shell.tabBar.tapPlusButton()
        case .select(let index): shell.selectedIndex = index
        case .push(let stack, let target):
            guard let controller = controller(for: target) else { return }
            stacks[stack].push(controller, animated: true)
        case .pop(let stack): remember(stacks[stack].pop(animated: true).map { [$0] })
        case .popToRoot(let stack): remember(stacks[stack].popToRoot(animated: true))
        case .popTo(let stack, let depth):
            let controllers = stacks[stack].viewControllers
            let target = depth < controllers.count ? controllers[depth] : ViewController(title: "Elsewhere")
            remember(stacks[stack].pop(to: target, animated: true))
        case .setHides(let stack, let isHidden):
            stacks[stack].topViewController.hidesBottomBarWhenPushed = isHidden
        case .setTitle(let stack, let level, let title):
            let controllers = stacks[stack].viewControllers
            let position = controllers.count - 1 - level
            guard position >= 0 else { return }
            controllers[position].title = title
        case .setBadge(let tab, let value): tabs[tab].tabBarItem.badgeValue = value
        case .setItemTitle(let tab, let title): tabs[tab].tabBarItem.title = title
        case .dismiss: shell.dismiss(animated: true)
        case .rotate(let count):
            let children = shell.viewControllers
            shell.viewControllers = Array(children[count...] + children[..<count])
        case .gate(let refused): gate.refused = refused.map { ObjectIdentifier(tabs[$0]) }
        }
    }

    /// The controller that popped last, from a pop's result (the former top).
    private func remember(_ popped: [ViewController]?) {
        if let top = popped?.last { lastPopped = top }
    }

    private func controller(for target: ShellAction.PushTarget) -> ViewController? {
        switch target {
        case .fresh:
            freshCount += 1
            return named(ViewController(title: "P\(freshCount)"), "P\(freshCount)")
        case .topOf(let stack): return stacks[stack].topViewController
        case .tab(let tab): return tabs[tab]
        case .presented: return shell.presentedViewController
        case .lastPopped: return lastPopped
        }
    }
}

/// The shell's delegate: runs the reactions that wait for its question, then refuses the tabs
/// the gate names.
@MainActor
private final class ShellGate: TabBarControllerDelegate {
    var refused: [ObjectIdentifier] = []
    var onAsk: [(ViewController) -> Void] = []

    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController)
        -> Bool
    {
        for ask in onAsk { ask(viewController) }
        return !refused.contains(ObjectIdentifier(viewController))
    }
}
