import Foundation
import Observing
import TabBarModel
import Testing

@MainActor
@Suite struct TabBarControllerTests {
    @Test func barItemsAreTheChildrensTabBarItems() {
        let children = ["Home", "Messages", "Discover", "Me"].map { ViewController(title: $0) }
        let shell = TabBarController(viewControllers: children)
        #expect(shell.tabBar.items.map(\.title) == ["Home", "Messages", "Discover", "Me"])
        #expect(
            shell.tabBar.items.map(ObjectIdentifier.init) == children.map { ObjectIdentifier($0.tabBarItem) })
        #expect(shell.selectedIndex == 0)
        #expect(shell.selectedViewController === children[0])
        #expect(children.map { $0.tabBarController === shell } == [true, true, true, true])
        children[1].tabBarItem.badgeValue = "5"
        #expect(shell.tabBar.buttons[1].badgeView.content == .text("5"))
    }

    @Test func replacingAChildsTabBarItemRebuildsTheBarAndKeepsTheSelection() {
        let children = ["Home", "Messages", "Me"].map { ViewController(title: $0) }
        let shell = TabBarController(viewControllers: children)
        shell.selectedIndex = 2
        let selections = Recorder(shell, \.selectedIndex)
        let oldItem = children[1].tabBarItem

        let newItem = TabBarItem(title: "Inbox")
        newItem.badgeValue = "2"
        children[1].tabBarItem = newItem

        #expect(shell.tabBar.items.map(\.title) == ["Home", "Inbox", "Me"])
        #expect(shell.tabBar.buttons[1].currentTitle == "Inbox")
        #expect(shell.tabBar.buttons[1].badgeView.content == .text("2"))
        #expect(shell.selectedIndex == 2)
        #expect(shell.tabBar.selectedIndex == 2)
        #expect(selections.values.isEmpty)
        #expect(oldItem.observerCount(for: \.title) == 0)
    }

    @Test func replacingTheSelectedChildsTabBarItemKeepsItsStack() {
        let home = ViewController(title: "Home")
        let nav = NavigationController(rootViewController: home)
        let detail = ViewController(title: "Detail")
        nav.push(detail, animated: true)
        detail.hidesBottomBarWhenPushed = false
        let shell = TabBarController(viewControllers: [ViewController(title: "Messages"), nav])
        shell.selectedIndex = 1
        let selections = Recorder(shell, \.selectedIndex)
        let barSelections = Recorder(shell.tabBar, \.selectedIndex)
        let stacks = Recorder(nav, \.viewControllers)

        nav.tabBarItem = TabBarItem(title: "Feed")

        #expect(shell.tabBar.items.map(\.title) == ["Messages", "Feed"])
        #expect(shell.tabBar.buttons.map(\.isSelected) == [false, true])
        #expect(shell.selectedViewController === nav)
        #expect(selections.values.isEmpty)
        #expect(barSelections.values == [1])  // the rebuilt bar selects the same tab, once
        #expect(stacks.values.isEmpty)
        #expect(nav.viewControllers.map(\.title) == ["Home", "Detail"])
    }

    @Test func settingViewControllersSelectsAndShowsTheFirstChildOnce() {
        let old = ["A", "B"].map { ViewController(title: $0) }
        let shell = TabBarController(viewControllers: old)
        shell.tabBar.tapButton(at: 1)
        let home = ViewController(title: "Home")
        let nav = NavigationController(rootViewController: home)
        nav.push(ViewController(title: "Detail"), animated: true)
        let me = ViewController(title: "Me")
        let delegate = RecordingTabBarControllerDelegate()
        shell.delegate = delegate
        let selections = Recorder(shell, \.selectedIndex)
        let barSelections = Recorder(shell.tabBar, \.selectedIndex)
        let shown = Recorder(shell, \.selectedViewController)
        let stacks = Recorder(nav, \.viewControllers)

        shell.viewControllers = [nav, me]

        #expect(selections.values == [0])
        #expect(barSelections.values == [0])
        #expect(shown.values.map { $0 === nav } == [true])
        #expect(shell.tabBar.buttons.map(\.isSelected) == [true, false])
        #expect(nav.view.superview?.subviews.count == 1)
        #expect(old.map { $0.isViewLoaded ? $0.view.superview == nil : true } == [true, true])
        #expect(me.isViewLoaded == false)
        #expect(delegate.asked.isEmpty)
        #expect(stacks.values.isEmpty)  // setting children is no tap: the stack stays
        #expect(nav.viewControllers.count == 2)
    }

    @Test func selectedItemBadgeChainFollowsTheSelection() {
        let children = ["Home", "Messages"].map { ViewController(title: $0) }
        children[0].tabBarItem.badgeValue = "1"
        children[1].tabBarItem.badgeValue = "2"
        let shell = TabBarController(viewControllers: children)
        let badges = Recorder(shell, \.selectedItem?.badgeValue)

        shell.tabBar.tapButton(at: 1)
        children[0].tabBarItem.badgeValue = "ignored"
        children[1].tabBarItem.badgeValue = "3"

        #expect(badges.values == [.some("2"), .some("3")])
        #expect(children[0].tabBarItem.observerCount(for: \.badgeValue) == 1)  // its own button only
        #expect(children[1].tabBarItem.observerCount(for: \.badgeValue) == 2)  // button and chain
    }

    @Test func tappingSelectsTheChildAndShowsItsView() {
        let children = (0..<4).map { ViewController(title: "\($0)") }
        let shell = TabBarController(viewControllers: children)
        let selections = Recorder(shell, \.selectedIndex)
        shell.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        shell.view.layoutIfNeeded()
        #expect(shell.tabBar.frame == CGRect(x: 0, y: 618, width: 375, height: 49))
        #expect(children[0].view.frame == CGRect(x: 0, y: 0, width: 375, height: 618))
        shell.tabBar.tapButton(at: 3)
        #expect(shell.selectedViewController === children[3])
        #expect(children[3].view.superview?.subviews.count == 1)
        #expect(children[0].view.superview == nil)
        shell.selectedIndex = 1
        #expect(shell.tabBar.selectedIndex == 1)
        #expect(shell.tabBar.buttons.map(\.isSelected) == [false, true, false, false])
        shell.selectedIndex = 9
        #expect(selections.values == [3, 1])
    }

    @Test func plusButtonPresentsComposeAndDismissReleasesIt() {
        let shell = TabBarController(viewControllers: [ViewController(title: "Home")])
        let presented = Recorder(shell, \.presentedViewController?.title)
        weak var weakCompose: ViewController?
        shell.tabBar.tapPlusButton()
        weakCompose = shell.presentedViewController
        #expect(weakCompose?.title == "Compose")
        #expect(weakCompose?.presentingViewController === shell)
        shell.tabBar.tapPlusButton()
        #expect(shell.presentedViewController === weakCompose)
        #expect(shell.selectedIndex == 0)
        #expect(weakCompose?.dismiss(animated: true) === weakCompose)
        #expect(shell.presentedViewController == nil)
        #expect(weakCompose == nil)
        #expect(presented.values == [.some("Compose"), .none])
    }

    @Test func controllerAndChildrenReleaseWhenDropped() {
        weak var weakShell: TabBarController?
        weak var weakChild: ViewController?
        weak var weakBar: TabBar?
        do {
            let child = ViewController(title: "Home")
            let shell = TabBarController(viewControllers: [child, ViewController(title: "Me")])
            shell.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
            shell.view.layoutIfNeeded()
            shell.tabBar.tapButton(at: 1)
            shell.tabBar.tapPlusButton()
            weakShell = shell
            weakChild = child
            weakBar = shell.tabBar
        }
        #expect(weakShell == nil)
        #expect(weakChild == nil)
        #expect(weakBar == nil)
    }

    @Test func replacingChildrenReleasesTheOldOnes() {
        let shell = TabBarController(viewControllers: [])
        #expect(shell.selectedViewController == nil)
        weak var weakOld: ViewController?
        do {
            let old = ViewController(title: "Old")
            weakOld = old
            shell.viewControllers = [old]
            #expect(old.parent === shell)
        }
        shell.viewControllers = [ViewController(title: "New")]
        #expect(weakOld == nil)
        #expect(shell.tabBar.items.map(\.title) == ["New"])
    }
}
