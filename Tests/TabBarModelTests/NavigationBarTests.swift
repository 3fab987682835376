import Foundation
import Observing
import TabBarModel
import Testing

@MainActor
@Suite struct NavigationBarTests {
    @Test func backTitleIsThePreviousControllersTitle() {
        let root = ViewController(title: "Inbox")
        let first = ViewController(title: "Thread")
        let nav = makeNavigation(root)
        let backTitles = Recorder(nav.navigationBar, \.backButtonTitle)
        #expect(nav.navigationBar.backButtonTitle == nil)
        nav.push(first, animated: true)
        #expect(nav.navigationBar.backButtonTitle == "Inbox")
        nav.push(ViewController(title: "Message"), animated: true)
        #expect(nav.navigationBar.backButtonTitle == "Thread")
        first.title = "Chat"
        #expect(nav.navigationBar.backButtonTitle == "Chat")
        first.navigationItem.backBarButtonItem = BarButtonItem(title: "Up")
        #expect(nav.navigationBar.backButtonTitle == "Up")
        first.navigationItem.backBarButtonItem?.title = "Up!"
        #expect(nav.navigationBar.backButtonTitle == "Up!")
        nav.popToRoot(animated: true)
        #expect(backTitles.values == ["Inbox", "Thread", "Chat", "Up", "Up!", nil])
    }

    @Test func backTitleIsBackWhenMissingOrTooWide() {
        let root = ViewController()
        let nav = makeNavigation(root)
        nav.push(ViewController(title: "A"), animated: true)
        #expect(nav.navigationBar.backButtonTitle == "Back")
        nav.pop(animated: true)
        // A third of 375 pt is 125 pt; 15 lower-case letters at 17 pt are 132.6 pt.
        root.title = "abcdefghijklmno"
        nav.push(ViewController(title: "A"), animated: true)
        #expect(nav.navigationBar.backButtonTitle == "Back")
        root.title = "abcdefghijklmn"
        #expect(nav.navigationBar.backButtonTitle == "abcdefghijklmn")
    }

    @Test func barShowsTheTopItemLive() {
        let root = ViewController(title: "Home")
        let nav = makeNavigation(root)
        let titles = Recorder(nav.navigationBar, \.title)
        #expect(nav.navigationBar.title == "Home")
        root.navigationItem.title = "Start"
        let search = BarButtonItem(title: "Search")
        let compose = BarButtonItem(title: "Compose")
        root.navigationItem.leftBarButtonItems = [search, compose]
        let logo = View(frame: CGRect(x: 0, y: 0, width: 100, height: 30))
        root.navigationItem.titleView = logo
        #expect(nav.navigationBar.leftItems.map(\.title) == ["Search", "Compose"])
        #expect(nav.navigationBar.titleView === logo)
        nav.view.layoutIfNeeded()
        #expect(logo.frame == CGRect(x: 137.5, y: 7, width: 100, height: 30))
        root.navigationItem.title = nil
        #expect(titles.values == [.some("Start"), .some("Home")])
    }

    @Test func pushedControllerGetsBackAndMoreItems() {
        let nav = makeNavigation(ViewController(title: "R"))
        let pushed = ViewController(title: "A")
        nav.push(pushed, animated: true)
        #expect(pushed.hidesBottomBarWhenPushed)
        let back = nav.navigationBar.leftItems.first
        let more = nav.navigationBar.rightItems.first
        #expect(back?.image == ImageAsset("navigationbar_back", width: 13, height: 21))
        #expect(back?.highlightedImage?.name == "navigationbar_back_highlighted")
        #expect(more?.image?.name == "navigationbar_more")
        #expect(more?.highlightedImage?.name == "navigationbar_more_highlighted")
        #expect(back?.customView?.frame.size == CGSize(width: 13, height: 21))
        nav.view.layoutIfNeeded()
        #expect(back?.customView?.frame == CGRect(x: 8, y: 11.5, width: 13, height: 21))
        #expect(more?.customView?.frame == CGRect(x: 343, y: 10, width: 24, height: 24))
        nav.push(ViewController(title: "B"), animated: true)
        nav.navigationBar.leftItems.first?.tap()
        #expect(nav.topViewController === pushed)
    }

    @Test func barIsLaidOutBelowTheStatusBar() {
        let nav = makeNavigation(ViewController(title: "R"))
        #expect(nav.navigationBar.frame == CGRect(x: 0, y: 20, width: 375, height: 44))
        #expect(nav.navigationBar.backgroundView.frame == CGRect(x: 0, y: -20, width: 375, height: 64))
        #expect(nav.view.subviews.count == 2)
    }

    private func makeNavigation(_ root: ViewController) -> NavigationController {
        let nav = NavigationController(rootViewController: root)
        nav.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        nav.view.layoutIfNeeded()
        return nav
    }
}
