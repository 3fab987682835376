import Foundation
import Observing
import TabBarModel
import Testing

/// The examples of the "Building an app shell" article, run as written.
///
/// The article is Sources/TabBarModel/TabBarModel.docc/BuildingAnAppShell.md. Its first
/// example, "Tabs", is run by `AppShellSetupTests.aStackItemLayoutBadgesTapsAndThePlusButton`.
@MainActor
@Suite struct BuildingAnAppShellExampleTests {
    @Test func reTapAndDelegateExample() {
        let feed = NavigationController(rootViewController: ViewController(title: "Feed"))
        let app = TabBarController(viewControllers: [feed, ViewController(title: "Profile")])
        let post = ViewController(title: "Post")
        #expect(feed.push(post, animated: true))
        #expect(app.tabBar.isHidden)
        post.hidesBottomBarWhenPushed = false
        #expect(!app.tabBar.isHidden)
        app.tabBar.tapButton(at: 0)
        #expect(feed.viewControllers.map(\.title) == ["Feed"])
        let gate = SignInGate()
        app.delegate = gate
        app.tabBar.tapButton(at: 1)
        #expect(app.selectedIndex == 0)
        #expect(app.tabBar.selectedIndex == 0)
        app.selectedIndex = 1
        #expect(app.selectedViewController?.title == "Profile")
        gate.isSignedIn = true
        app.tabBar.tapButton(at: 0)
        #expect(app.selectedViewController === feed)
    }

    @Test func nestedChangeExample() {
        let home = NavigationController(rootViewController: ViewController(title: "Home"))
        let discover = ViewController(title: "Discover")
        let shell = TabBarController(viewControllers: [home, ViewController(title: "Messages"), discover])
        let shown = Recorder(shell, \.selectedViewController)
        let redirect = shell.observe(\.selectedIndex, options: [.new]) { shell, change in
            if change.newValue == 2 { shell.selectedIndex = 0 }
        }
        shell.tabBar.tapButton(at: 2)
        #expect(shell.selectedIndex == 0 && shell.selectedViewController === home)
        #expect(shell.selectedItem === home.tabBarItem && shell.tabBar.selectedIndex == 0)
        #expect(shell.tabBar.buttons.map(\.isSelected) == [true, false, false])
        #expect(shown.values.isEmpty)  // Discover was never shown; Home stayed
        #expect(home.push(ViewController(title: "Detail"), animated: true))
        #expect(shell.isTabBarHidden)
        redirect.invalidate()
    }

    @Test func navigationExample() {
        let inbox = ViewController(title: "Inbox")
        let nav = NavigationController(rootViewController: inbox)
        let hidden = Recorder(nav, \.isBottomBarHidden)
        let message = ViewController(title: "Message")
        #expect(nav.push(message, animated: true))
        #expect(nav.navigationBar.title == "Message")
        #expect(nav.navigationBar.backButtonTitle == "Inbox")
        #expect(nav.isInteractivePopGestureEnabled)
        nav.navigationBar.leftItems.first?.tap()
        #expect(nav.topViewController === inbox)
        #expect(nav.viewControllers.count == 1)
        #expect(hidden.values == [true, false])
    }

    @Test func selectedItemBadgeChainFollowsSelectionAndBadges() {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 375, height: 49))
        let items = makeItems(4)
        bar.items = items
        let badges = Recorder(bar, \.selectedItem?.badgeValue)
        items[0].badgeValue = "1"
        items[2].badgeValue = "2"  // not selected: the chain does not read it
        bar.tapButton(at: 2)
        items[0].badgeValue = "3"  // no longer selected: the chain was re-wired
        items[2].badgeValue = nil
        #expect(badges.values == [.some("1"), .some("2"), .none])
        #expect(items[0].observerCount(for: \.badgeValue) == 1)  // only its button
    }
}

@MainActor
private final class SignInGate: TabBarControllerDelegate {
    var isSignedIn = false
    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController)
        -> Bool
    {
        isSignedIn || viewController.title != "Profile"
    }
}
