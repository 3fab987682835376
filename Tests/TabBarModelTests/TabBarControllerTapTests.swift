import Foundation
import Observing
import TabBarModel
import Testing

@MainActor
@Suite struct TabBarControllerTapTests {
    @Test func reTappingTheSelectedTabPopsItsStackToTheRoot() {
        let (shell, nav, home, detail) = makeShellWithPushedDetail()
        detail.hidesBottomBarWhenPushed = false  // the bar shows again, so it takes taps
        let delegate = RecordingTabBarControllerDelegate()
        shell.delegate = delegate
        let stacks = Recorder(nav, \.viewControllers)
        let selections = Recorder(shell, \.selectedIndex)
        #expect(!shell.isTabBarHidden)

        shell.tabBar.tapButton(at: 0)

        #expect(nav.viewControllers.map(\.title) == ["Home"])
        #expect(nav.topViewController === home)
        #expect(stacks.values.map { $0.map(\.title) } == [["Home"]])
        #expect(delegate.asked.map { $0 === nav } == [true])
        #expect(selections.values.isEmpty)  // the same child stays shown
        #expect(shell.selectedViewController === nav)
    }

    @Test func aTapOnAnotherTabKeepsItsStack() {
        let (shell, nav, _, detail) = makeShellWithPushedDetail()
        detail.hidesBottomBarWhenPushed = false
        shell.tabBar.tapButton(at: 1)
        let stacks = Recorder(nav, \.viewControllers)
        shell.tabBar.tapButton(at: 0)  // selects Home again: no re-tap, the stack stays
        #expect(shell.selectedViewController === nav)
        #expect(nav.viewControllers.map(\.title) == ["Home", "Detail"])
        #expect(stacks.values.isEmpty)
    }

    @Test func aHiddenTabBarTakesNoTaps() {
        let (shell, nav, _, _) = makeShellWithPushedDetail()
        let delegate = RecordingTabBarControllerDelegate()
        shell.delegate = delegate
        #expect(shell.isTabBarHidden)
        shell.tabBar.tapButton(at: 0)
        shell.tabBar.tapButton(at: 1)
        shell.tabBar.tapPlusButton()
        #expect(nav.viewControllers.map(\.title) == ["Home", "Detail"])
        #expect(shell.selectedIndex == 0)
        #expect(shell.presentedViewController == nil)
        #expect(delegate.asked.isEmpty)
    }

    @Test func reTappingANonNavigationChildAsksAndChangesNothing() {
        let children = ["Home", "Messages"].map { ViewController(title: $0) }
        let shell = TabBarController(viewControllers: children)
        let delegate = RecordingTabBarControllerDelegate()
        shell.delegate = delegate
        let selections = Recorder(shell, \.selectedIndex)
        let shown = Recorder(shell, \.selectedViewController)
        shell.tabBar.tapButton(at: 1)
        shell.tabBar.tapButton(at: 1)
        #expect(delegate.askedTitles == ["Messages", "Messages"])
        #expect(selections.values == [1])
        #expect(shown.values.map { $0 === children[1] } == [true])
        #expect(children[1].view.superview?.subviews.count == 1)
    }

    @Test func aRefusedTapChangesNothing() {
        let (shell, nav, _, detail) = makeShellWithPushedDetail()
        detail.hidesBottomBarWhenPushed = false
        let messages = shell.viewControllers[1]
        let delegate = RecordingTabBarControllerDelegate()
        delegate.refused = [messages, nav]
        shell.delegate = delegate
        let selections = Recorder(shell, \.selectedIndex)
        let barSelections = Recorder(shell.tabBar, \.selectedIndex)
        let stacks = Recorder(nav, \.viewControllers)

        shell.tabBar.tapButton(at: 1)
        shell.tabBar.tapButton(at: 0)  // a refused re-tap pops nothing

        #expect(delegate.askedTitles == ["Messages", nil])
        #expect(selections.values.isEmpty)
        #expect(barSelections.values.isEmpty)
        #expect(stacks.values.isEmpty)
        #expect(shell.tabBar.buttons.map(\.isSelected) == [true, false])
        #expect(shell.selectedViewController === nav)
        #expect(nav.viewControllers.map(\.title) == ["Home", "Detail"])
        #expect(!messages.isViewLoaded)
    }

    @Test func programmaticSelectionAsksNothingAndPopsNothing() {
        let (shell, nav, _, detail) = makeShellWithPushedDetail()
        detail.hidesBottomBarWhenPushed = false
        let delegate = RecordingTabBarControllerDelegate()
        shell.delegate = delegate
        let selections = Recorder(shell, \.selectedIndex)

        shell.selectedIndex = 1
        shell.selectedIndex = 0
        shell.selectedIndex = 0  // selecting the selected tab in code is no re-tap
        shell.viewControllers[1].tabBarItem = TabBarItem(title: "Inbox")
        shell.viewControllers = shell.viewControllers

        #expect(delegate.asked.isEmpty)
        #expect(selections.values == [1, 0, 0, 0])
        #expect(nav.viewControllers.map(\.title) == ["Home", "Detail"])
    }

    @Test func theDelegateIsWeak() {
        let shell = TabBarController(viewControllers: [ViewController(title: "Home")])
        do {
            let delegate = RecordingTabBarControllerDelegate()
            shell.delegate = delegate
            shell.tabBar.tapButton(at: 0)
            #expect(delegate.askedTitles == ["Home"])
        }
        #expect(shell.delegate == nil)
        shell.tabBar.tapButton(at: 0)  // without a delegate every tap is allowed
        #expect(shell.selectedIndex == 0)
    }

    @Test func delegateMethodIsOptional() {
        let children = ["Home", "Messages"].map { ViewController(title: $0) }
        let shell = TabBarController(viewControllers: children)
        let delegate = AllowingDelegate()
        shell.delegate = delegate
        shell.tabBar.tapButton(at: 1)
        #expect(shell.selectedViewController === children[1])
    }

    /// A shell whose first tab is a navigation controller showing `[Home, Detail]`, laid out;
    /// the tab bar is hidden, as every pushed controller hides it.
    private func makeShellWithPushedDetail() -> (
        shell: TabBarController, nav: NavigationController, home: ViewController, detail: ViewController
    ) {
        let home = ViewController(title: "Home")
        let nav = NavigationController(rootViewController: home)
        let shell = TabBarController(viewControllers: [nav, ViewController(title: "Messages")])
        shell.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        shell.view.layoutIfNeeded()
        let detail = ViewController(title: "Detail")
        nav.push(detail, animated: true)
        return (shell, nav, home, detail)
    }
}

@MainActor
private final class AllowingDelegate: TabBarControllerDelegate {}
