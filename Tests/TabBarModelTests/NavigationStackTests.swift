import Foundation
import Observing
import TabBarModel
import Testing

@MainActor
@Suite struct NavigationStackTests {
    @Test func popToReturnsNilEmptyOrThePoppedControllers() {
        let (root, first, second) = (
            ViewController(title: "R"), ViewController(title: "A"), ViewController(title: "B")
        )
        let nav = NavigationController(rootViewController: root)
        nav.push(first, animated: true)
        nav.push(second, animated: true)
        let stacks = Recorder(nav, \.viewControllers)
        #expect(nav.pop(to: ViewController(title: "X"), animated: true) == nil)
        #expect(titles(nav) == ["R", "A", "B"])
        #expect(nav.pop(to: second, animated: true).map(ids) == [])
        #expect(titles(nav) == ["R", "A", "B"])
        #expect(nav.pop(to: root, animated: true).map(ids) == ids([first, second]))
        #expect(titles(nav) == ["R"])
        // Two controllers leaving at once are one change.
        #expect(stacks.values.map(ids) == [ids([root])])
    }

    @Test func pushingAControllerAlreadyInTheStackIsRefused() {
        let root = ViewController(title: "R")
        let pushed = ViewController(title: "A")
        let nav = NavigationController(rootViewController: root)
        #expect(nav.push(pushed, animated: true))
        #expect(titles(nav) == ["R", "A"])
        #expect(!nav.push(pushed, animated: true))
        #expect(titles(nav) == ["R", "A"])
        #expect(!nav.push(root, animated: true))
        #expect(titles(nav) == ["R", "A"])
        #expect(nav.pop(animated: true) === pushed)
        #expect(nav.push(pushed, animated: true))
        #expect(titles(nav) == ["R", "A"])
    }

    @Test func pushingAControllerOfAnotherContainerIsRefused() {
        let nav = NavigationController(rootViewController: ViewController(title: "R"))
        let other = NavigationController(rootViewController: ViewController(title: "S"))
        let elsewhere = ViewController(title: "E")
        other.push(elsewhere, animated: false)
        let shell = TabBarController(viewControllers: [nav])
        #expect(!nav.push(elsewhere, animated: true))
        #expect(!nav.push(other.topViewController, animated: true))
        #expect(!nav.push(NavigationController(rootViewController: ViewController()), animated: true))
        #expect(!nav.push(shell, animated: true))
        #expect(!nav.push(nav, animated: true))
        #expect(titles(nav) == ["R"])
        #expect(elsewhere.navigationController === other)
    }

    @Test func popAndPopToRoot() {
        let root = ViewController(title: "R")
        let nav = NavigationController(rootViewController: root)
        #expect(nav.pop(animated: true) == nil)
        #expect(nav.popToRoot(animated: true).isEmpty)
        let pushed = ["A", "B", "C"].map { ViewController(title: $0) }
        for controller in pushed { nav.push(controller, animated: true) }
        #expect(nav.topViewController === pushed[2])
        #expect(nav.pop(animated: true) === pushed[2])
        #expect(ids(nav.popToRoot(animated: true)) == ids(Array(pushed[0...1])))
        #expect(nav.topViewController === root)
        #expect(pushed.map { $0.navigationController == nil } == [true, true, true])
        #expect(root.navigationController === nav)
    }

    @Test func poppedControllersAreReleased() {
        let nav = NavigationController(rootViewController: ViewController(title: "R"))
        weak var weakFirst: ViewController?
        weak var weakSecond: ViewController?
        do {
            let first = ViewController(title: "A")
            let second = ViewController(title: "B")
            weakFirst = first
            weakSecond = second
            nav.push(first, animated: true)
            nav.push(second, animated: true)
        }
        nav.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        nav.view.layoutIfNeeded()
        #expect(nav.pop(animated: true) != nil)
        #expect(weakSecond == nil)
        #expect(weakFirst != nil)
        nav.navigationBar.rightItems.first?.tap()  // "more" pops to the root
        #expect(weakFirst == nil)
        #expect(titles(nav) == ["R"])
    }

    @Test func containerHoldsExactlyTheTopControllersView() {
        let root = ViewController(title: "R")
        let pushed = ViewController(title: "A")
        let nav = NavigationController(rootViewController: root)
        nav.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        nav.view.layoutIfNeeded()
        let container = root.view.superview
        #expect(container?.frame == CGRect(x: 0, y: 64, width: 375, height: 603))
        nav.push(pushed, animated: true)
        #expect(container?.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(pushed.view)])
        #expect(root.view.superview == nil)
        nav.view.layoutIfNeeded()
        #expect(pushed.view.frame == CGRect(x: 0, y: 0, width: 375, height: 603))
        nav.pop(animated: true)
        #expect(container?.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(root.view)])
        #expect(pushed.view.superview == nil)
    }

    /// A pop takes back the back item, the "more" item and the hidden tab bar its push gave, so
    /// the popped controller made the root of another stack shows no back item and keeps the tab
    /// bar, and its old back item no longer pops the first stack.
    ///
    /// They stayed (found by a cold bug hunt): `navB.navigationBar.leftItems.count` was 1,
    /// `navB.isBottomBarHidden` was `true` at its root, and a tap on the left item popped navA.
    @Test func aPopTakesBackWhatThePushGave() {
        let navA = NavigationController(rootViewController: ViewController(title: "A"))
        let popped = ViewController(title: "P")
        navA.push(popped, animated: true)
        let oldBack = navA.navigationBar.leftItems.first
        #expect(navA.pop(animated: true) === popped)
        #expect(!popped.hidesBottomBarWhenPushed)
        #expect(popped.navigationItem.leftBarButtonItems.isEmpty)
        #expect(popped.navigationItem.rightBarButtonItems.isEmpty)
        let navB = NavigationController(rootViewController: popped)
        #expect(navB.navigationBar.leftItems.isEmpty)
        #expect(navB.navigationBar.rightItems.isEmpty)
        #expect(navB.navigationBar.backButtonTitle == nil)
        #expect(!navB.isBottomBarHidden)
        navA.push(ViewController(title: "Q"), animated: true)
        oldBack?.tap()
        #expect(titles(navA) == ["A", "Q"])
        // popToRoot and pop(to:) take back as well.
        let (first, second) = (ViewController(title: "B"), ViewController(title: "C"))
        navA.push(first, animated: true)
        navA.push(second, animated: true)
        #expect(navA.pop(to: navA.viewControllers[1], animated: true)?.count == 2)
        #expect(navA.popToRoot(animated: true).count == 1)
        for controller in [first, second] {
            #expect(!controller.hidesBottomBarWhenPushed)
            #expect(controller.navigationItem.leftBarButtonItems.isEmpty)
            #expect(controller.navigationItem.rightBarButtonItems.isEmpty)
        }
    }

    /// A pop gives back the items a push replaced, and leaves what was set since the push.
    @Test func aPopRestoresTheItemsThePushReplacedAndKeepsLaterOnes() {
        let nav = NavigationController(rootViewController: ViewController(title: "R"))
        let edit = BarButtonItem(title: "Edit")
        let done = BarButtonItem(title: "Done")
        let screen = ViewController(title: "S")
        screen.navigationItem.leftBarButtonItems = [edit]
        screen.hidesBottomBarWhenPushed = true  // Its own wish, kept after the pop.
        nav.push(screen, animated: true)
        screen.navigationItem.rightBarButtonItem = done
        nav.pop(animated: true)
        let left = screen.navigationItem.leftBarButtonItems
        let right = screen.navigationItem.rightBarButtonItems
        #expect(left.count == 1 && left.first === edit)
        #expect(right.count == 1 && right.first === done)
        #expect(screen.hidesBottomBarWhenPushed)
    }

    private func titles(_ nav: NavigationController) -> [String?] {
        nav.viewControllers.map(\.title)
    }

    private func ids(_ controllers: [ViewController]) -> [ObjectIdentifier] {
        controllers.map(ObjectIdentifier.init)
    }
}
