/// One operation on the app shell, as a user or the app makes it: a step of a sequence, or what
/// a reaction does from inside an observer or a delegate call.
///
/// Tabs are named by their position in `viewControllers` where the user names them so (taps,
/// selections) and by their identity (0 to 3, as created) where the app does (badges, the gate).
/// Navigation stacks are 0 (the first tab's, root "Home") and 1 (the third tab's, root "Discover").
package enum ShellAction: Equatable, Sendable, CustomStringConvertible {
    /// What a push pushes.
    package enum PushTarget: Equatable, Sendable {
        /// A new controller.
        case fresh
        /// The top of stack `k` (refused unless that top is... never: it has a parent).
        case topOf(Int)
        /// The tab with this identity (refused: it is the shell's child).
        case tab(Int)
        /// The presented controller, if any (refused: it is presented).
        case presented
        /// The controller popped last, if any (accepted while it has no parent again).
        case lastPopped
    }

    /// `tabBar.tapButton(at:)`; index 4 names no tab.
    case tap(Int)
    /// `tabBar.tapPlusButton()`.
    case tapPlus
    /// `shell.selectedIndex = i`; index 4 is ignored.
    case select(Int)
    /// `push(_:animated:)` on stack `k`.
    case push(Int, PushTarget)
    /// `pop(animated:)` on stack `k`.
    case pop(Int)
    /// `popToRoot(animated:)` on stack `k`.
    case popToRoot(Int)
    /// `pop(to:animated:)` on stack `k`, to the controller at depth `d` (root 0), or to one not
    /// in the stack when the stack is not that deep.
    case popTo(Int, Int)
    /// The top of stack `k` sets `hidesBottomBarWhenPushed`.
    case setHides(Int, Bool)
    /// The controller `level` below the top of stack `k` (0: the top) sets its `title`.
    case setTitle(Int, Int, String?)
    /// The item of the tab with identity `t` sets its `badgeValue`.
    case setBadge(Int, String?)
    /// The item of the tab with identity `t` sets its `title`.
    case setItemTitle(Int, String?)
    /// `shell.dismiss(animated:)`.
    case dismiss
    /// `shell.viewControllers` set to the current children rotated left by `r`.
    case rotate(Int)
    /// The delegate refuses taps on the tabs with these identities from now on.
    case gate([Int])

    package var description: String {
        switch self {
        case .tap(let index): "tap(\(index))"
        case .tapPlus: "tapPlus"
        case .select(let index): "select(\(index))"
        case .push(let stack, let target): "push(stack \(stack), \(target))"
        case .pop(let stack): "pop(stack \(stack))"
        case .popToRoot(let stack): "popToRoot(stack \(stack))"
        case .popTo(let stack, let depth): "popTo(stack \(stack), depth \(depth))"
        case .setHides(let stack, let hides): "setHides(stack \(stack) top, \(hides))"
        case .setTitle(let stack, let level, let title):
            "setTitle(stack \(stack), level \(level), \(title.map { "\"\($0)\"" } ?? "nil"))"
        case .setBadge(let tab, let value): "setBadge(tab \(tab), \(value.map { "\"\($0)\"" } ?? "nil"))"
        case .setItemTitle(let tab, let title):
            "setItemTitle(tab \(tab), \(title.map { "\"\($0)\"" } ?? "nil"))"
        case .dismiss: "dismiss"
        case .rotate(let count): "rotate(\(count))"
        case .gate(let tabs): "gate(refuse \(tabs))"
        }
    }
}

/// An observer or a delegate that makes a change of its own: when its trigger holds (read from
/// the models' current state as the observer is called), it performs its action, at most
/// `ShellReaction.firesPerStep` times per step.
package struct ShellReaction: Equatable, Sendable, CustomStringConvertible {
    /// When the reaction acts.
    package enum Trigger: Equatable, Sendable {
        /// An observer of `shell.selectedIndex`, when it reads `i`.
        case selectedIndex(Int)
        /// An observer of `shell.tabBar.selectedIndex`, when it reads `i` (it is told during a
        /// tap before the shell hears of it).
        case barSelectedIndex(Int)
        /// An observer of stack `k`'s `viewControllers`, when it holds `n` controllers.
        case stackCount(Int, Int)
        /// An observer of `shell.isTabBarHidden`, when it reads `true`.
        case tabBarHidden
        /// An observer of `shell.presentedViewController`, when it is not `nil`.
        case presented
        /// An observer of the `badgeValue` of the tab with identity `t`, at every change.
        case badge(Int)
        /// The shell's delegate, asked about the tab with identity `t`.
        case shouldSelect(Int)
        /// An observer of stack `k`'s `navigationBar.title`, at every change (told while the
        /// stack shows a push or a pop in its bar).
        case barTitle(Int)
    }

    /// How many times a reaction may act during one step (so that two reactions that undo each
    /// other end).
    package static let firesPerStep = 2

    package var trigger: Trigger
    package var action: ShellAction

    package var description: String { "when \(trigger): \(action)" }
}
