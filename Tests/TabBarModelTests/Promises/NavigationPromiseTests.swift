import Foundation
import Observing
import TabBarModel
import Testing

/// The stack promises of `NavigationController` (Sources/TabBarModel/NavigationController.swift
/// and NavigationController+Stack.swift).
@MainActor
@Suite struct NavigationStackPromiseTests {
    /// Push replaces the item's own left and right items.
    ///
    /// NavigationController+Stack.swift: "The pushed controller gets ... a back item on the left
    /// ... and a "more" item on the right ..., replacing its navigation item's left and right
    /// items."
    @Test func pushReplacesTheItemsOwnLeftAndRightItems() {
        let nav = NavigationController(rootViewController: ViewController(title: "R"))
        let pushed = ViewController(title: "A")
        pushed.navigationItem.leftBarButtonItems = [BarButtonItem(title: "L1"), BarButtonItem(title: "L2")]
        pushed.navigationItem.rightBarButtonItems = [BarButtonItem(title: "R1")]
        nav.push(pushed, animated: true)
        #expect(pushed.navigationItem.leftBarButtonItems.map(\.image?.name) == ["navigationbar_back"])
        #expect(pushed.navigationItem.rightBarButtonItems.map(\.image?.name) == ["navigationbar_more"])
        #expect(nav.navigationBar.leftItems.first === pushed.navigationItem.leftBarButtonItem)
    }

    /// Pushing a presented controller is refused.
    ///
    /// NavigationController+Stack.swift: "Refused, with nothing changed, when the controller ...
    /// is presented".
    @Test func pushingAPresentedControllerIsRefused() {
        let nav = NavigationController(rootViewController: ViewController(title: "R"))
        let presenter = ViewController(title: "P")
        let sheet = ViewController(title: "S")
        #expect(presenter.present(sheet, animated: true))
        let stacks = Recorder(nav, \.viewControllers)
        #expect(!nav.push(sheet, animated: true))
        #expect(nav.viewControllers.count == 1)
        #expect(!sheet.hidesBottomBarWhenPushed)
        #expect(sheet.navigationItem.leftBarButtonItems.isEmpty)
        #expect(stacks.values.isEmpty)
    }

    /// A refused push leaves the controller untouched.
    ///
    /// NavigationController+Stack.swift: "Refused ... when the controller ... has any other parent
    /// (... a tab bar controller)" — nothing changed, not even its navigation item.
    @Test func aRefusedPushLeavesTheControllerUntouched() {
        let nav = NavigationController(rootViewController: ViewController(title: "R"))
        let tab = ViewController(title: "T")
        let shell = TabBarController(viewControllers: [tab])
        #expect(!nav.push(tab, animated: true))
        #expect(tab.parent === shell)
        #expect(!tab.hidesBottomBarWhenPushed)
        #expect(tab.navigationItem.leftBarButtonItems.isEmpty)
        #expect(tab.navigationItem.rightBarButtonItems.isEmpty)
    }

    /// Each push and pop is one change.
    ///
    /// NavigationController.swift: "a change of the stack is one change of `viewControllers`,
    /// however many controllers it moves." — push, pop and pop to root each notify once.
    @Test func eachPushAndPopIsOneChange() {
        let root = ViewController(title: "R")
        let nav = NavigationController(rootViewController: root)
        let stacks = Recorder(nav, \.viewControllers)
        for title in ["A", "B", "C"] { nav.push(ViewController(title: title), animated: true) }
        nav.pop(animated: true)
        nav.popToRoot(animated: true)
        nav.popToRoot(animated: true)  // at the root: no change
        nav.pop(animated: true)
        #expect(
            stacks.values.map { $0.map(\.title) } == [
                ["R", "A"], ["R", "A", "B"], ["R", "A", "B", "C"], ["R", "A", "B"], ["R"],
            ])
    }

    /// The stack is retained and children refer back weakly.
    ///
    /// NavigationController.swift: "The controller retains the stack; each child refers back
    /// weakly (`parent`)".
    @Test func theStackIsRetainedAndChildrenReferBackWeakly() {
        weak var weakNav: NavigationController?
        let root = ViewController(title: "R")
        let pushed = ViewController(title: "A")
        do {
            let nav = NavigationController(rootViewController: root)
            nav.push(pushed, animated: true)
            weakNav = nav
            #expect(root.parent === nav)
            #expect(pushed.parent === nav)
        }
        #expect(weakNav == nil)
        #expect(root.parent == nil)
        #expect(pushed.navigationController == nil)
    }

    /// The root's `hidesBottomBarWhenPushed` counts too.
    ///
    /// NavigationController.swift: "`isBottomBarHidden`: Whether the bottom (tab) bar should be
    /// hidden, as the top controller's `hidesBottomBarWhenPushed` asks." — the root too, live.
    @Test func theRootsHidesBottomBarWhenPushedCountsToo() {
        let root = ViewController(title: "R")
        root.hidesBottomBarWhenPushed = true
        let nav = NavigationController(rootViewController: root)
        #expect(nav.isBottomBarHidden)
        root.hidesBottomBarWhenPushed = false
        #expect(!nav.isBottomBarHidden)
    }

    /// A controller does not hide the bottom bar at first.
    ///
    /// ViewController.swift: "`hidesBottomBarWhenPushed` ... `false` at first."
    @Test func hidesBottomBarWhenPushedIsFalseAtFirst() {
        #expect(!ViewController().hidesBottomBarWhenPushed)
    }

    /// A pushed controller finds the shell through its stack.
    ///
    /// ViewController.swift: "`tabBarController`: The nearest ancestor that is a tab bar
    /// controller" — through a navigation stack.
    @Test func aPushedControllerFindsTheShellThroughItsStack() {
        let nav = NavigationController(rootViewController: ViewController(title: "R"))
        let shell = TabBarController(viewControllers: [nav])
        let pushed = ViewController(title: "A")
        nav.push(pushed, animated: true)
        #expect(pushed.tabBarController === shell)
        #expect(pushed.navigationController === nav)
        #expect(nav.navigationController == nil)
        #expect(ViewController().tabBarController == nil)
    }
}

/// The promises of `NavigationBar`, `NavigationItem` and `BarButtonItem`
/// (Sources/TabBarModel/NavigationBar.swift, NavigationItem.swift, BarButtonItem.swift).
@MainActor
@Suite struct NavigationBarPromiseTests {
    /// A bar without a width keeps a long back title until laid out.
    ///
    /// NavigationBar.swift: "A bar not yet given a width limits nothing; its controller checks
    /// again after each layout."
    @Test func aBarWithoutAWidthKeepsALongBackTitleUntilLaidOut() {
        let root = ViewController(title: "A title far too wide for a third of the bar")
        let nav = NavigationController(rootViewController: root)
        nav.push(ViewController(title: "Detail"), animated: true)
        #expect(nav.navigationBar.backButtonTitle == root.title)
        nav.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        nav.view.layoutIfNeeded()
        #expect(nav.navigationBar.backButtonTitle == "Back")
        nav.view.frame.size.width = 2000  // a third is now wide enough
        nav.view.layoutIfNeeded()
        #expect(nav.navigationBar.backButtonTitle == root.title)
    }

    /// A back item without a title falls back to the controller's title.
    ///
    /// NavigationBar.swift: "`backButtonTitle` ... `nil` at the root" and the previous
    /// controller's "back item title, else its title" — a back item without a title falls back.
    @Test func aBackItemWithoutATitleFallsBackToTheControllersTitle() {
        let root = ViewController(title: "Inbox")
        root.navigationItem.backBarButtonItem = BarButtonItem(title: nil)
        let nav = NavigationController(rootViewController: root)
        #expect(nav.navigationBar.backButtonTitle == nil)
        nav.push(ViewController(title: "Detail"), animated: true)
        #expect(nav.navigationBar.backButtonTitle == "Inbox")
    }

    /// Bar properties notify only on change.
    ///
    /// NavigationBar.swift: "Every one of them is `@Observed`, and each is set only when it
    /// changes." — a layout pass or an unrelated change reports nothing.
    @Test func barPropertiesNotifyOnlyOnChange() {
        let root = ViewController(title: "Home")
        let nav = NavigationController(rootViewController: root)
        nav.push(ViewController(title: "Detail"), animated: true)
        let bar = nav.navigationBar
        let titles = Recorder(bar, \.title)
        let backs = Recorder(bar, \.backButtonTitle)
        let lefts = Recorder(bar, \.leftItems)
        let rights = Recorder(bar, \.rightItems)
        let titleViews = Recorder(bar, \.titleView)
        nav.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        nav.view.layoutIfNeeded()
        root.navigationItem.title = "Ignored"  // the root's own title is not shown
        root.title = "Home"
        #expect(titles.values.isEmpty)
        #expect(backs.values.isEmpty)
        #expect(lefts.values.isEmpty)
        #expect(rights.values.isEmpty)
        #expect(titleViews.values.isEmpty)
        root.title = "Start"
        #expect(backs.values == [.some("Start")])
    }

    /// Item views are laid out from the edges inwards.
    ///
    /// NavigationBar.swift: "Custom views of the items and the title view are subviews, laid out
    /// from the edges inwards 8 pt apart" and NavigationItem.swift: "The items on the right,
    /// right to left as in UIKit".
    @Test func itemViewsAreLaidOutFromTheEdgesInwards() {
        let root = ViewController(title: "R")
        let left = [30, 20].map {
            BarButtonItem(image: ImageAsset("l\($0)", width: CGFloat($0), height: 20), highlightedImage: nil)
        }
        let right = [24, 16].map {
            BarButtonItem(image: ImageAsset("r\($0)", width: CGFloat($0), height: 24), highlightedImage: nil)
        }
        root.navigationItem.leftBarButtonItems = left
        root.navigationItem.rightBarButtonItems = right
        let nav = NavigationController(rootViewController: root)
        nav.view.frame = CGRect(x: 0, y: 0, width: 375, height: 667)
        nav.view.layoutIfNeeded()
        #expect(
            left.map { $0.customView?.frame } == [
                CGRect(x: 8, y: 12, width: 30, height: 20), CGRect(x: 46, y: 12, width: 20, height: 20),
            ])
        #expect(
            right.map { $0.customView?.frame } == [
                CGRect(x: 343, y: 10, width: 24, height: 24), CGRect(x: 319, y: 10, width: 16, height: 24),
            ])
        #expect((left + right).allSatisfy { $0.customView?.superview === nav.navigationBar })
    }

    /// Views leave the bar with their items.
    ///
    /// NavigationBar.swift: "Custom views of the items and the title view are subviews" — and
    /// leave the bar when the item no longer shows them.
    @Test func viewsLeaveTheBarWithTheirItems() {
        let root = ViewController(title: "R")
        let nav = NavigationController(rootViewController: root)
        let logo = View(frame: CGRect(x: 0, y: 0, width: 40, height: 20))
        root.navigationItem.titleView = logo
        #expect(logo.superview === nav.navigationBar)
        let pushed = ViewController(title: "A")
        nav.push(pushed, animated: true)
        #expect(logo.superview == nil)
        #expect(pushed.navigationItem.leftBarButtonItem?.customView?.superview === nav.navigationBar)
        nav.pop(animated: true)
        #expect(logo.superview === nav.navigationBar)
        #expect(pushed.navigationItem.leftBarButtonItem?.customView?.superview == nil)
    }

    /// Setting the single item replaces all.
    ///
    /// NavigationItem.swift: "The first left item; setting it replaces all left items with it (or
    /// none for `nil`)", and the same for the right.
    @Test func settingTheSingleItemReplacesAll() {
        let item = NavigationItem(title: "T")
        #expect(item.title == "T")
        item.leftBarButtonItems = [BarButtonItem(title: "a"), BarButtonItem(title: "b")]
        item.leftBarButtonItem = BarButtonItem(title: "c")
        #expect(item.leftBarButtonItems.map(\.title) == ["c"])
        item.leftBarButtonItem = nil
        #expect(item.leftBarButtonItems.isEmpty)
        item.rightBarButtonItems = [BarButtonItem(title: "a"), BarButtonItem(title: "b")]
        #expect(item.rightBarButtonItem?.title == "a")
        item.rightBarButtonItem = nil
        #expect(item.rightBarButtonItems.isEmpty)
        #expect(item.leftBarButtonItem == nil)
    }

    /// The bar follows the top's right items live.
    ///
    /// NavigationItem.swift: "Every property is `@Observed`; the navigation bar follows changes
    /// live." — the right items too.
    @Test func theBarFollowsTheTopsRightItemsLive() {
        let root = ViewController(title: "R")
        let nav = NavigationController(rootViewController: root)
        let share = BarButtonItem(title: "Share")
        root.navigationItem.rightBarButtonItem = share
        #expect(nav.navigationBar.rightItems.map(\.title) == ["Share"])
        root.navigationItem.rightBarButtonItems = []
        #expect(nav.navigationBar.rightItems.isEmpty)
    }

    /// Bar button items run their action and build their button.
    ///
    /// BarButtonItem.swift: "Runs the action, as a touch on the item does." and "Creates an image
    /// button item: a custom `Button` view with `image` for the normal and `highlightedImage`
    /// for the highlighted state, sized to the normal image".
    @Test func barButtonItemsRunTheirActionAndBuildTheirButton() {
        var taps = 0
        let text = BarButtonItem(title: "Done") { taps += 1 }
        text.tap()
        text.tap()
        #expect(taps == 2)
        #expect(text.customView == nil)
        BarButtonItem(title: "Nothing").tap()
        let normal = ImageAsset("n", width: 13, height: 21)
        let highlighted = ImageAsset("h", width: 20, height: 30)
        let image = BarButtonItem(image: normal, highlightedImage: highlighted)
        let button = image.customView as? Button
        #expect(button?.image(for: .normal) == normal)
        #expect(button?.image(for: .highlighted) == highlighted)
        #expect(button?.frame.size == CGSize(width: 13, height: 21))
    }
}
