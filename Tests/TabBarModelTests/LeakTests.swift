import Foundation
import Observing
import TabBarModel
import Testing

/// Each model that registers is freed when dropped, with what its handlers captured, and what it
/// observed counts no registration afterwards.
@MainActor
@Suite struct LeakTests {
    @Test func aButtonIsFreedAndLeavesNoRegistrationOnItsItem() {
        let item = TabBarItem(title: "Home")
        var leaks = LeakCheck()
        do {
            let button = TabBarButton(item: item)
            leaks.track(button, as: "the button")
            leaks.track(button.badgeView, as: "the badge")
            item.badgeValue = "3"
            #expect(button.badgeView.content == .text("3"))
            #expect(registrations(on: item) == [1, 1, 1, 1])
        }
        #expect(leaks.survivors.isEmpty)
        #expect(registrations(on: item) == [0, 0, 0, 0])
        item.title = "after the button"
    }

    @Test func aButtonReleasesTheItemItRetains() {
        var leaks = LeakCheck()
        let button = TabBarButton(item: nil)
        do {
            let first = TabBarItem(title: "First")
            leaks.track(first, as: "the replaced item")
            button.item = first
        }
        let second = TabBarItem(title: "Second")
        button.item = second
        #expect(leaks.survivors.isEmpty)
        #expect(registrations(on: second) == [1, 1, 1, 1])
        button.item = nil
        #expect(registrations(on: second) == [0, 0, 0, 0])
    }

    @Test func aTabBarIsFreedWithItsButtonsAndLeavesNoRegistrationOnItsItems() {
        let items = makeItems(4)
        var leaks = LeakCheck()
        let delegate = RecordingTabBarDelegate()
        do {
            let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 375, height: 49))
            bar.delegate = delegate
            bar.items = items
            bar.layoutIfNeeded()
            bar.tapButton(at: 2)
            leaks.track(bar, as: "the bar")
            leaks.track(bar.plusButton, as: "the plus button")
            for (index, button) in bar.buttons.enumerated() { leaks.track(button, as: "button \(index)") }
            #expect(items.allSatisfy { registrations(on: $0) == [1, 1, 1, 1] })
        }
        #expect(leaks.survivors.isEmpty)
        #expect(items.allSatisfy { registrations(on: $0) == [0, 0, 0, 0] })
        #expect(delegate.events == [.didSelect(0), .shouldSelect(2), .didSelect(2)])
    }

    @Test func rebuildingATabBarFreesTheOldButtons() {
        let bar = TabBar(frame: .zero)
        let old = makeItems(3)
        bar.items = old
        var leaks = LeakCheck()
        for (index, button) in bar.buttons.enumerated() { leaks.track(button, as: "old button \(index)") }

        bar.items = makeItems(2)

        #expect(leaks.survivors.isEmpty)
        #expect(old.allSatisfy { registrations(on: $0) == [0, 0, 0, 0] })
    }

    @Test func aTabBarDoesNotRetainItsDelegate() {
        let bar = TabBar(frame: .zero)
        var leaks = LeakCheck()
        do {
            let delegate = RecordingTabBarDelegate()
            leaks.track(delegate, as: "the delegate")
            bar.delegate = delegate
            bar.items = makeItems(2)
        }
        #expect(leaks.survivors.isEmpty)
        bar.tapButton(at: 1)
        #expect(bar.selectedIndex == 1)
    }

    @Test func aTabBarControllerIsFreedWithEverythingItOwnsAndLeavesNoRegistration() {
        let root = ViewController(title: "Inbox")
        let navigation = NavigationController(rootViewController: root)
        let me = ViewController(title: "Me")
        let items = [navigation.tabBarItem, me.tabBarItem]
        var leaks = LeakCheck()
        do {
            let shell = TabBarController(viewControllers: [navigation, me])
            shell.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
            shell.view.layoutIfNeeded()
            navigation.push(ViewController(title: "Message"), animated: true)
            #expect(shell.isTabBarHidden)
            shell.tabBar.tapButton(at: 1)
            shell.tabBar.tapButton(at: 0)
            shell.tabBar.tapPlusButton()
            leaks.track(shell, as: "the controller")
            leaks.track(shell.tabBar, as: "the tab bar")
            leaks.track(shell.view, as: "the root view")
            if let compose = shell.presentedViewController {
                leaks.track(compose, as: "the presented controller")
            }
            for (index, button) in shell.tabBar.buttons.enumerated() {
                leaks.track(button, as: "button \(index)")
            }
            #expect(navigation.observerCount(for: \.isBottomBarHidden) == 1)
        }
        #expect(leaks.survivors.isEmpty)
        #expect(items.allSatisfy { registrations(on: $0) == [0, 0, 0, 0] })
        #expect(navigation.observerCount(for: \.isBottomBarHidden) == 0)
        #expect(navigation.observerCount(for: \.tabBarItem) == 0)
        #expect(me.observerCount(for: \.tabBarItem) == 0)
        #expect(navigation.parent == nil && me.parent == nil)
    }

    @Test func replacingATabBarControllersChildrenFreesTheOldOnes() {
        let shell = TabBarController(viewControllers: [])
        var leaks = LeakCheck()
        let keptItem: TabBarItem
        do {
            let old = ViewController(title: "Old")
            keptItem = old.tabBarItem
            leaks.track(old, as: "the old child")
            shell.viewControllers = [old, ViewController(title: "Other")]
        }
        shell.viewControllers = [ViewController(title: "New")]
        #expect(leaks.survivors.isEmpty)
        #expect(registrations(on: keptItem) == [0, 0, 0, 0])
    }

    @Test func poppedControllersAreFreedWithTheirBarItems() {
        let navigation = NavigationController(rootViewController: ViewController(title: "Root"))
        var leaks = LeakCheck()
        do {
            for index in 0..<3 {
                let pushed = ViewController(title: "Pushed \(index)")
                navigation.push(pushed, animated: true)
                leaks.track(pushed, as: "pushed controller \(index)")
                leaks.track(pushed.navigationItem, as: "navigation item \(index)")
                if let back = pushed.navigationItem.leftBarButtonItem {
                    leaks.track(back, as: "back item \(index)")
                }
            }
            navigation.pop(animated: true)
            navigation.popToRoot(animated: true)
        }
        #expect(leaks.survivors.isEmpty)
        #expect(navigation.viewControllers.count == 1)
    }

    @Test func aPoppedControllerThatLivesOnCountsNoRegistration() {
        let root = ViewController(title: "Root")
        let navigation = NavigationController(rootViewController: root)
        let pushed = ViewController(title: "Pushed")
        navigation.push(pushed, animated: true)
        #expect(pushed.observerCount(for: \.title) == 1)
        #expect(root.observerCount(for: \.title) == 1)

        navigation.pop(animated: true)

        #expect(pushed.observerCount(for: \.title) == 0)
        #expect(pushed.observerCount(for: \.hidesBottomBarWhenPushed) == 0)
        #expect(navigationItemRegistrations(of: pushed) == [0, 0, 0, 0])
        #expect(root.observerCount(for: \.title) == 1)
    }

    @Test func aNavigationControllerIsFreedWithItsStackAndLeavesNoRegistration() {
        let root = ViewController(title: "Root")
        var leaks = LeakCheck()
        do {
            let navigation = NavigationController(rootViewController: root)
            navigation.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
            navigation.view.layoutIfNeeded()
            let pushed = ViewController(title: "Pushed")
            navigation.push(pushed, animated: true)
            leaks.track(navigation, as: "the navigation controller")
            leaks.track(navigation.navigationBar, as: "the navigation bar")
            leaks.track(pushed, as: "the pushed controller")
            #expect(root.observerCount(for: \.title) == 1)
        }
        #expect(leaks.survivors.isEmpty)
        #expect(root.observerCount(for: \.title) == 0)
        #expect(navigationItemRegistrations(of: root) == [0, 0, 0, 0])
        #expect(root.parent == nil)
    }

    /// The registrations on an item's title, image, selected image and badge value.
    private func registrations(on item: TabBarItem) -> [Int] {
        [
            item.observerCount(for: \.title), item.observerCount(for: \.image),
            item.observerCount(for: \.selectedImage), item.observerCount(for: \.badgeValue),
        ]
    }

    /// The registrations on a controller's navigation item's title, title view and bar items.
    private func navigationItemRegistrations(of controller: ViewController) -> [Int] {
        let item = controller.navigationItem
        return [
            item.observerCount(for: \.title), item.observerCount(for: \.titleView),
            item.observerCount(for: \.leftBarButtonItems), item.observerCount(for: \.rightBarButtonItems),
        ]
    }
}
