import Foundation
import Observing
import TabBarModel
import Testing

/// Changes made to a shell, its bar or a navigation stack from inside an observer or a delegate
/// call of the same model: the nested change is made at once and completely, the change under
/// way stops where it is, and every property ends agreeing with the others.
@MainActor
@Suite struct ReentrantChangeTests {
    /// The shell of the report: a navigation tab first, then three plain tabs.
    private func makeShell() -> (TabBarController, NavigationController, [ViewController]) {
        let home = NavigationController(rootViewController: ViewController(title: "Home"))
        home.tabBarItem = TabBarItem(title: "Home")
        let others = ["Messages", "Discover", "Me"].map { ViewController(title: $0) }
        return (TabBarController(viewControllers: [home] + others), home, [home] + others)
    }

    /// Every property of the shell names the child at `index`.
    private func expectSelection(
        _ shell: TabBarController, is index: Int, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let child = shell.viewControllers[index]
        #expect(shell.selectedIndex == index, sourceLocation: sourceLocation)
        #expect(shell.selectedViewController === child, sourceLocation: sourceLocation)
        #expect(shell.selectedItem === child.tabBarItem, sourceLocation: sourceLocation)
        #expect(shell.tabBar.selectedIndex == index, sourceLocation: sourceLocation)
        #expect(shell.tabBar.selectedItem === child.tabBarItem, sourceLocation: sourceLocation)
        #expect(
            shell.tabBar.buttons.map(\.isSelected) == shell.viewControllers.indices.map { $0 == index },
            sourceLocation: sourceLocation)
    }

    /// The report's redirect: a `selectedIndex` observer sends a tap on "Discover" back to Home.
    @Test func aSelectedIndexObserverThatRedirectsLeavesOneSelection() {
        let (shell, home, children) = makeShell()
        shell.selectedIndex = 1
        // Registered before the redirect: `selectedIndex` is computed, and the core reports a
        // computed key path's value as read when the change reaches the observer.
        let indexes = Recorder(shell, \.selectedIndex)
        let shown = Recorder(shell, \.selectedViewController)
        let barIndexes = Recorder(shell.tabBar, \.selectedIndex)
        let redirect = shell.observe(\.selectedIndex, options: [.new]) { shell, change in
            if change.newValue == 2 { shell.selectedIndex = 0 }
        }

        shell.tabBar.tapButton(at: 2)

        expectSelection(shell, is: 0)
        #expect(indexes.values == [2, 0])
        // Discover was never shown: the redirect came before the shell showed it.
        #expect(shown.values.map { $0 === home } == [true])
        #expect(barIndexes.values == [2, 0])
        #expect(!shell.isTabBarHidden)
        // The selected stack hides the bar when it pushes; no other stack does.
        home.push(ViewController(title: "Detail"), animated: true)
        #expect(shell.isTabBarHidden && shell.tabBar.isHidden)
        #expect(children[2].parent === shell)
        redirect.invalidate()
    }

    /// A tap on the tab being selected, made from an observer of the bar's `selectedIndex` while
    /// `shell.selectedIndex = 2` is under way: the shell shows that tab (its selection, not a
    /// re-tap: no stack is popped), as UIKit ends with one selection.
    @Test func aTapOnTheTabBeingSelectedFromABarObserverShowsIt() {
        let (shell, home, children) = makeShell()
        home.push(ViewController(title: "Detail"), animated: true)
        shell.selectedIndex = 1
        var taps = 0
        let tapAgain = shell.tabBar.observe(\.selectedIndex) { bar, _ in
            guard bar.selectedIndex == 2, taps == 0 else { return }
            taps += 1
            bar.tapButton(at: 2)  // the user taps the tab that is being selected
        }
        let shown = Recorder(shell, \.selectedViewController)
        shell.selectedIndex = 2
        #expect(taps == 1)
        expectSelection(shell, is: 2)
        #expect(shown.values.map { $0 === children[2] } == [true])
        // A navigation tab being selected is not re-tapped either.
        shell.selectedIndex = 1
        let tapHome = shell.tabBar.observe(\.selectedIndex) { bar, _ in
            guard bar.selectedIndex == 0, taps == 1 else { return }
            taps += 1
            bar.tapButton(at: 0)
        }
        shell.selectedIndex = 0
        #expect(taps == 2)
        expectSelection(shell, is: 0)
        #expect(home.viewControllers.map(\.title) == ["Home", "Detail"])
        #expect(shell.isTabBarHidden && shell.tabBar.isHidden)
        tapAgain.invalidate()
        tapHome.invalidate()
    }

    /// The same with a write of the bar's `selectedIndex` (the same index) from its observer.
    @Test func aBarSelectedIndexWriteFromItsObserverDuringASelectionShowsTheTab() {
        let (shell, _, _) = makeShell()
        var writes = 0
        let rewrite = shell.tabBar.observe(\.selectedIndex) { bar, _ in
            guard bar.selectedIndex == 1, writes == 0 else { return }
            writes += 1
            bar.selectedIndex = 1
        }
        shell.selectedIndex = 1
        #expect(writes == 1)
        expectSelection(shell, is: 1)
        rewrite.invalidate()
    }

    /// A write of another index to the bar from its observer during a selection: the shell's
    /// selection, which is the change under way, is what the bar ends showing.
    @Test func aBarSelectedIndexWriteOfAnotherIndexDuringASelectionIsUndone() {
        let (shell, _, _) = makeShell()
        var writes = 0
        let rewrite = shell.tabBar.observe(\.selectedIndex) { bar, _ in
            guard bar.selectedIndex == 1, writes == 0 else { return }
            writes += 1
            bar.selectedIndex = 3
        }
        shell.selectedIndex = 1
        #expect(writes == 1)
        expectSelection(shell, is: 1)
        rewrite.invalidate()
    }

    /// `selectedIndex` is computed: each change carries the value read when it reaches the
    /// observer, so an observer registered after the redirect receives the redirected value for
    /// both changes, and one registered before it receives each value once.
    @Test func anObserverOfTheComputedSelectedIndexReadsItWhenTheChangeReachesIt() {
        let (shell, _, _) = makeShell()
        shell.selectedIndex = 1
        var early: [Int] = []
        let before = shell.observe(\.selectedIndex, options: [.new]) { _, change in
            if let index = change.newValue { early.append(index) }
        }
        let redirect = shell.observe(\.selectedIndex, options: [.new]) { shell, change in
            if change.newValue == 2 { shell.selectedIndex = 0 }
        }
        var late: [Int] = []
        let after = shell.observe(\.selectedIndex, options: [.new]) { _, change in
            if let index = change.newValue { late.append(index) }
        }
        shell.tabBar.tapButton(at: 2)
        expectSelection(shell, is: 0)
        #expect(early == [2, 0])
        #expect(late == [0, 0])
        for token in [before, redirect, after] { token.invalidate() }
    }

    /// A redirect away from a navigation tab: a later push onto that stack leaves the tab bar
    /// of the selected plain tab shown.
    @Test func aRedirectAwayFromANavigationTabFollowsTheSelectedTabsBar() {
        let (shell, home, _) = makeShell()
        shell.selectedIndex = 1
        let redirect = shell.observe(\.selectedIndex, options: [.new]) { shell, change in
            if change.newValue == 0 { shell.selectedIndex = 1 }  // "Home needs sign-in"
        }
        shell.tabBar.tapButton(at: 0)
        expectSelection(shell, is: 1)
        home.push(ViewController(title: "Detail"), animated: true)
        #expect(!shell.isTabBarHidden && !shell.tabBar.isHidden)
        redirect.invalidate()
    }

    /// A redirect made from an observer of the tapped button's `isSelected` (the bar's own
    /// property, written before the delegate hears of the tap) ends the tap.
    @Test func aButtonObserverThatRedirectsEndsTheTap() {
        let (shell, _, _) = makeShell()
        let delegate = RecordingTabBarControllerDelegate()
        shell.delegate = delegate
        let button = shell.tabBar.buttons[3]
        let redirect = button.observe(\.isSelected, options: [.new]) { _, change in
            if change.newValue == true { shell.selectedIndex = 1 }
        }
        shell.tabBar.tapButton(at: 3)
        expectSelection(shell, is: 1)
        #expect(delegate.asked.count == 1)
        redirect.invalidate()
    }

    /// A gate that selects another tab itself and refuses the tap leaves that tab selected.
    @Test func aDelegateThatSelectsAnotherTabAndRefusesLeavesItsSelection() {
        let (shell, _, children) = makeShell()
        let gate = SelectingGate(redirectingTo: 3)
        shell.delegate = gate
        shell.tabBar.tapButton(at: 2)
        expectSelection(shell, is: 3)
        #expect(gate.asked.map { $0 === children[2] } == [true])
    }

    /// A selection made from an observer of a bar's `items` while they are set: it stays, and
    /// the delegate is not told of the first item's selection it overtook.
    @Test func aSelectionFromAnItemsObserverOvertakesTheNewItemsSelection() {
        let bar = TabBar(frame: .zero)
        let delegate = RecordingTabBarDelegate()
        bar.delegate = delegate
        let selectLast = bar.observe(\.items, options: [.new]) { bar, change in
            if change.newValue?.count == 3 { bar.selectedIndex = 2 }
        }
        bar.items = makeItems(3)
        #expect(bar.selectedIndex == 2 && bar.buttons.map(\.isSelected) == [false, false, true])
        #expect(delegate.events.isEmpty)
        selectLast.invalidate()
    }

    /// A push made from an observer of the stack, of the controller being pushed, is refused as
    /// UIKit refuses a controller already in the stack, and changes nothing.
    @Test func aNestedPushOfTheControllerBeingPushedIsRefused() {
        let nav = NavigationController(rootViewController: ViewController(title: "Inbox"))
        let message = ViewController(title: "Message")
        var nestedResults: [Bool] = []
        let pushAgain = nav.observe(\.viewControllers, options: [.new]) { nav, _ in
            nestedResults.append(nav.push(message, animated: true))
        }
        let stacks = Recorder(nav, \.viewControllers)
        #expect(nav.push(message, animated: true))
        #expect(nestedResults == [false])
        #expect(nav.viewControllers.map(\.title) == ["Inbox", "Message"])
        #expect(stacks.values.map { $0.map(\.title) } == [["Inbox", "Message"]])
        #expect(message.parent === nav && nav.navigationBar.backButtonTitle == "Inbox")
        pushAgain.invalidate()
    }

    /// A push or a presentation of the controller being pushed, made from an observer of that
    /// controller while the push sets it up (before it is in the stack), is refused too.
    @Test func aControllerBeingPushedIsClaimedBeforeItIsSetUp() {
        let nav = NavigationController(rootViewController: ViewController(title: "Inbox"))
        let other = NavigationController(rootViewController: ViewController(title: "Other"))
        let message = ViewController(title: "Message")
        var nested: [Bool] = []
        let steal = message.observe(\.hidesBottomBarWhenPushed, options: [.new]) { message, _ in
            nested.append(nav.push(message, animated: true))
            nested.append(other.push(message, animated: true))
            nested.append(other.present(message, animated: true))
        }
        #expect(nav.push(message, animated: true))
        #expect(nested == [false, false, false])
        #expect(nav.viewControllers.map(\.title) == ["Inbox", "Message"])
        #expect(other.viewControllers.map(\.title) == ["Other"] && other.presentedViewController == nil)
        steal.invalidate()
    }

    /// A pop and a selection made from an observer of the stack during a push: the pushed
    /// controller leaves again, the other tab is selected, and the tab bar shows.
    @Test func aNestedPopAndSelectDuringAPushLeaveOneState() {
        let (shell, home, children) = makeShell()
        let detail = ViewController(title: "Detail")
        var popped: [ViewController?] = []
        let popAndSelect = home.observe(\.viewControllers, options: [.new]) { home, change in
            guard change.newValue?.count == 2 else { return }
            popped.append(home.pop(animated: true))
            shell.selectedIndex = 1
        }
        let stacks = Recorder(home, \.viewControllers)
        let hidden = Recorder(shell, \.isTabBarHidden)
        let backTitles = Recorder(home.navigationBar, \.backButtonTitle)

        #expect(home.push(detail, animated: true))

        #expect(popped.map { $0 === detail } == [true])
        #expect(home.viewControllers.map(\.title) == ["Home"] && detail.parent == nil)
        #expect(stacks.values.map { $0.map(\.title) } == [["Home", "Detail"], ["Home"]])
        expectSelection(shell, is: 1)
        #expect(shell.selectedViewController === children[1])
        #expect(!home.isBottomBarHidden && !home.isInteractivePopGestureEnabled)
        #expect(home.navigationBar.backButtonTitle == nil && home.navigationBar.title == "Home")
        #expect(backTitles.values.isEmpty)
        #expect(!shell.isTabBarHidden && hidden.values.isEmpty)
        popAndSelect.invalidate()
    }

    /// A pop and a selection made from an observer of `isBottomBarHidden`, the push's last
    /// write: the same single state.
    @Test func aNestedPopAndSelectAtThePushsLastWriteLeaveOneState() {
        let (shell, home, _) = makeShell()
        let popAndSelect = home.observe(\.isBottomBarHidden, options: [.new]) { home, change in
            guard change.newValue == true else { return }
            home.pop(animated: true)
            shell.selectedIndex = 1
        }
        let hidden = Recorder(home, \.isBottomBarHidden)
        #expect(home.push(ViewController(title: "Detail"), animated: true))
        expectSelection(shell, is: 1)
        #expect(home.viewControllers.map(\.title) == ["Home"])
        #expect(hidden.values == [true, false] && !home.isBottomBarHidden)
        #expect(!shell.isTabBarHidden && !shell.tabBar.isHidden)
        popAndSelect.invalidate()
    }

    /// A selection made from an observer of `isTabBarHidden` while the shell follows a newly
    /// selected stack: the shell then follows the tab it selected, not the stack.
    @Test func aSelectionFromATabBarHiddenObserverFollowsTheNewTab() {
        let (shell, home, _) = makeShell()
        home.push(ViewController(title: "Detail"), animated: true)
        shell.selectedIndex = 1
        var redirects = 0
        let neverHide = shell.observe(\.isTabBarHidden, options: [.new]) { shell, change in
            guard change.newValue == true else { return }
            redirects += 1
            shell.selectedIndex = 1
        }
        shell.selectedIndex = 0
        expectSelection(shell, is: 1)
        #expect(!shell.isTabBarHidden && redirects == 1)
        // The stack no longer reaches the shell's bar.
        home.pop(animated: true)
        home.push(ViewController(title: "Another"), animated: true)
        #expect(!shell.isTabBarHidden && !shell.tabBar.isHidden && redirects == 1)
        neverHide.invalidate()
    }

    /// A pop with nothing to pop, made from an observer while a pop to the root is under way,
    /// is refused (`nil`), and the stack's history has each change once.
    @Test func aNestedPopWithNothingToPopIsRefused() {
        let nav = NavigationController(rootViewController: ViewController(title: "Inbox"))
        nav.push(ViewController(title: "A"), animated: true)
        nav.push(ViewController(title: "B"), animated: true)
        var nested: [ViewController?] = []
        let popAgain = nav.observe(\.viewControllers, options: [.new]) { nav, _ in
            nested.append(nav.pop(animated: true))
        }
        let stacks = Recorder(nav, \.viewControllers)
        #expect(nav.popToRoot(animated: true).map(\.title) == ["A", "B"])
        #expect(nested.count == 1 && nested[0] == nil)
        #expect(stacks.values.map { $0.map(\.title) } == [["Inbox"]])
        #expect(nav.navigationBar.leftItems.isEmpty && !nav.isBottomBarHidden)
        popAgain.invalidate()
    }

    /// Found by the app shell's model-based test (seed 17): a title set from an observer of
    /// the stack during a pop reached the bar through the old top's observations, and that
    /// update, which overtook the pop, left the pop gesture enabled on a one-controller stack and
    /// the bar observing the popped controller.
    @Test func aTitleSetFromAStackObserverDuringAPopSettlesTheStack() {
        let nav = NavigationController(rootViewController: ViewController(title: "Home"))
        let detail = ViewController(title: "Detail")
        nav.push(detail, animated: true)
        let retitle = nav.observe(\.viewControllers, options: [.new]) { nav, change in
            if change.newValue?.count == 1 { nav.topViewController.title = "A" }
        }
        nav.pop(animated: true)
        #expect(!nav.isInteractivePopGestureEnabled)
        #expect(nav.navigationBar.title == "A" && nav.navigationBar.backButtonTitle == nil)
        #expect(nav.navigationBar.leftItems.isEmpty && !nav.isBottomBarHidden)
        // The bar no longer follows the popped controller.
        detail.title = "Stale"
        detail.hidesBottomBarWhenPushed = true
        #expect(nav.navigationBar.title == "A" && !nav.isBottomBarHidden)
        retitle.invalidate()
    }

    /// A pop made from an observer of the bar's `title` while it shows a push: the popped
    /// controller's back and more buttons leave the bar's subviews (and are released).
    @Test func aPopFromABarTitleObserverLeavesNoButtonOfThePoppedController() {
        let nav = NavigationController(rootViewController: ViewController(title: "Inbox"))
        weak var backView: View?
        let popBack = nav.navigationBar.observe(\.title, options: [.new]) { _, change in
            if change.newValue == "Message" { nav.pop(animated: true) }
        }
        do {
            let message = ViewController(title: "Message")
            let leftItems = Recorder(message.navigationItem, \.leftBarButtonItems)
            #expect(nav.push(message, animated: true))
            // The push's back item, which the pop took back.
            backView = leftItems.values.first?.first?.customView
            #expect(backView != nil)
            #expect(message.navigationItem.leftBarButtonItems.isEmpty)
        }
        #expect(nav.viewControllers.map(\.title) == ["Inbox"])
        #expect(nav.navigationBar.title == "Inbox" && nav.navigationBar.leftItems.isEmpty)
        #expect(nav.navigationBar.subviews.map { $0 === nav.navigationBar.backgroundView } == [true])
        #expect(backView == nil)
        popBack.invalidate()
    }

    /// A change of a navigation bar's title from its observer (a title set while the bar shows
    /// a push) ends with the bar showing the new top.
    @Test func aPushFromABarTitleObserverLeavesTheBarOnTheNewTop() {
        let nav = NavigationController(rootViewController: ViewController(title: "Inbox"))
        let message = ViewController(title: "Message")
        let reply = ViewController(title: "Reply")
        let pushReply = nav.navigationBar.observe(\.title, options: [.new]) { _, change in
            if change.newValue == "Message" { nav.push(reply, animated: true) }
        }
        nav.push(message, animated: true)
        #expect(nav.viewControllers.map(\.title) == ["Inbox", "Message", "Reply"])
        #expect(nav.navigationBar.title == "Reply" && nav.navigationBar.backButtonTitle == "Message")
        #expect(nav.navigationBar.leftItems.first === reply.navigationItem.leftBarButtonItem)
        #expect(nav.isBottomBarHidden && nav.isInteractivePopGestureEnabled)
        pushReply.invalidate()
    }
}

/// A tab bar controller delegate that, asked about any tab, selects another itself and refuses.
@MainActor
private final class SelectingGate: TabBarControllerDelegate {
    private let target: Int
    private(set) var asked: [ViewController] = []

    init(redirectingTo target: Int) {
        self.target = target
    }

    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController)
        -> Bool
    {
        asked.append(viewController)
        tabBarController.selectedIndex = target
        return false
    }
}
