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

    private func titles(_ nav: NavigationController) -> [String?] {
        nav.viewControllers.map(\.title)
    }

    private func ids(_ controllers: [ViewController]) -> [ObjectIdentifier] {
        controllers.map(ObjectIdentifier.init)
    }
}
