import Foundation
import Observing
import TabBarModel
import Testing

@MainActor
@Suite struct BottomBarTests {
    @Test func pushHidesTheBottomBarAndEnablesThePopGesture() {
        let nav = NavigationController(rootViewController: ViewController(title: "R"))
        let hidden = Recorder(nav, \.isBottomBarHidden, options: [.initial, .new])
        let gesture = Recorder(nav, \.isInteractivePopGestureEnabled, options: [.initial, .new])
        #expect(!nav.isBottomBarHidden)
        #expect(!nav.isInteractivePopGestureEnabled)
        nav.push(ViewController(title: "A"), animated: true)
        #expect(nav.isBottomBarHidden)
        #expect(nav.isInteractivePopGestureEnabled)
        nav.push(ViewController(title: "B"), animated: true)
        nav.pop(animated: true)
        #expect(nav.isInteractivePopGestureEnabled)
        nav.pop(animated: true)
        #expect(!nav.isBottomBarHidden)
        #expect(!nav.isInteractivePopGestureEnabled)
        #expect(hidden.values == [false, true, false])
        #expect(gesture.values == [false, true, false])
    }

    @Test func tabBarFollowsTheSelectedNavigationController() {
        let nav = NavigationController(rootViewController: ViewController(title: "Home"))
        let other = NavigationController(rootViewController: ViewController(title: "Me"))
        let shell = TabBarController(viewControllers: [nav, ViewController(title: "Messages"), other])
        let hidden = Recorder(shell, \.isTabBarHidden)
        shell.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        shell.view.layoutIfNeeded()
        nav.push(ViewController(title: "Detail"), animated: true)
        #expect(shell.isTabBarHidden)
        #expect(shell.tabBar.isHidden)
        shell.view.layoutIfNeeded()
        #expect(nav.view.frame == CGRect(x: 0, y: 0, width: 375, height: 667))
        shell.selectedIndex = 1
        shell.selectedIndex = 2
        shell.selectedIndex = 0
        nav.popToRoot(animated: true)
        other.push(ViewController(title: "Settings"), animated: true)  // not selected: no effect
        #expect(!shell.tabBar.isHidden)
        #expect(hidden.values == [true, false, true, false])
    }

    @Test func shellWithAStackReleasesEverythingWhenDropped() {
        weak var weakShell: TabBarController?
        weak var weakNav: NavigationController?
        weak var weakPushed: ViewController?
        do {
            let nav = NavigationController(rootViewController: ViewController(title: "Home"))
            let shell = TabBarController(viewControllers: [nav, ViewController(title: "Me")])
            let pushed = ViewController(title: "Detail")
            nav.push(pushed, animated: true)
            shell.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
            shell.view.layoutIfNeeded()
            weakShell = shell
            weakNav = nav
            weakPushed = pushed
        }
        #expect(weakShell == nil)
        #expect(weakNav == nil)
        #expect(weakPushed == nil)
    }
}
