import Foundation
import Observing
import TabBarModel
import Testing

/// The README's app-shell examples, run as written.
@MainActor
@Suite struct ReadmeExampleTests {
    @Test func tabBarExample() {
        let home = NavigationController(rootViewController: ViewController(title: "Home"))
        home.tabBarItem = TabBarItem(
            title: "Home", image: ImageAsset("tabbar_home", width: 30, height: 30),
            selectedImage: ImageAsset("tabbar_home_selected", width: 30, height: 30))
        let messages = ViewController(title: "Messages")
        let shell = TabBarController(viewControllers: [
            home, messages, ViewController(title: "Discover"), ViewController(title: "Me"),
        ])
        let bar: TabBar = shell.tabBar
        bar.frame = CGRect(x: 0, y: 0, width: 375, height: 49)
        bar.layoutIfNeeded()
        // Found by a fresh-user trial: the example once gave the item to the stack's root, which
        // no tab shows. The first tab shows the stack's item, selected.
        #expect(bar.buttons[0].currentTitle == "Home")
        #expect(bar.buttons[0].currentImage?.name == "tabbar_home_selected")
        messages.tabBarItem.badgeValue = "5"
        #expect(bar.buttons[1].badgeView.content == .text("5"))
        messages.tabBarItem.badgeValue = "1000"
        #expect(bar.buttons[1].badgeView.content == .dot)
        #expect(bar.hitTest(CGPoint(x: 100, y: 20)) == .item(1))
        bar.tapButton(at: 1)
        #expect(shell.selectedViewController === messages)
        #expect(bar.buttons[1].currentTitle == "Messages")
        #expect(bar.buttons[1].isSelected)
        bar.tapPlusButton()
        #expect(shell.presentedViewController?.title == "Compose")
    }

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
