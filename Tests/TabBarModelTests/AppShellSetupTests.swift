import Foundation
import Observing
import TabBarModel
import Testing

/// The "Tabs" example of the Building an app shell article, run as written: a navigation
/// stack's own item, the bar's layout in points, a badge too wide for text, a tap and the plus
/// button.
@MainActor
@Suite struct AppShellSetupTests {
    @Test func aStackItemLayoutBadgesTapsAndThePlusButton() {
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
}
