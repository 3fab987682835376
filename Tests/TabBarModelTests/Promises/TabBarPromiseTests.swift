import Foundation
import Observing
import TabBarModel
import Testing

/// The layout, hit-testing and selection promises of `TabBar`
/// (Sources/TabBarModel/TabBar.swift and TabBar+Interaction.swift).
@MainActor
@Suite struct TabBarPromiseTests {
    /// Slots for one and five items.
    ///
    /// TabBar.swift: "the bounds are cut into `items.count + 1` equal slots; the buttons fill them
    /// left to right, skipping slot `items.count / 2`, in whose centre the plus button sits" —
    /// for one and for five items.
    @Test func slotsForOneAndFiveItems() {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 360, height: 49))
        bar.items = makeItems(1)
        bar.layoutIfNeeded()
        #expect(bar.buttons.map(\.frame) == [CGRect(x: 180, y: 0, width: 180, height: 49)])
        #expect(isClose(bar.plusButton.center, CGPoint(x: 90, y: 24.5)))
        bar.items = makeItems(5)
        bar.layoutIfNeeded()
        #expect(bar.buttons.map(\.frame.minX) == [0, 60, 180, 240, 300])
        #expect(bar.buttons.allSatisfy { $0.frame.width == 60 })
        #expect(isClose(bar.plusButton.center, CGPoint(x: 150, y: 24.5)))
    }

    /// An empty bar has only the plus button centred.
    ///
    /// TabBar.swift: "Creates an empty bar with the plus button." and "The centre plus button,
    /// sized to its background image" — "tabbar_compose_button", 64 x 44 pt.
    @Test func anEmptyBarHasOnlyThePlusButtonCentred() {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 320, height: 49))
        #expect(bar.items.isEmpty)
        #expect(bar.buttons.isEmpty)
        #expect(bar.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(bar.plusButton)])
        #expect(bar.plusButton.frame.size == CGSize(width: 64, height: 44))
        #expect(bar.plusButton.currentBackgroundImage?.name == "tabbar_compose_button")
        bar.layoutIfNeeded()
        #expect(isClose(bar.plusButton.center, CGPoint(x: 160, y: 24.5)))
    }

    /// An empty bar selects index zero and no item.
    ///
    /// TabBar.swift: "`selectedIndex`: The index of the selected item, 0 when there are no items"
    /// and "`selectedItem`: The selected item, or `nil` when there are no items".
    @Test func anEmptyBarSelectsIndexZeroAndNoItem() {
        let bar = TabBar(frame: .zero)
        #expect(bar.selectedIndex == 0)
        #expect(bar.selectedItem == nil)
        let items = makeItems(3)
        bar.items = items
        bar.selectedIndex = 2
        #expect(bar.selectedItem === items[2])
        bar.items = []
        #expect(bar.selectedIndex == 0)
        #expect(bar.selectedItem == nil)
        bar.selectedIndex = 0  // outside `items`: ignored
        #expect(bar.selectedItem == nil)
    }

    /// Items are observable.
    ///
    /// TabBar.swift: "`selectedIndex` and `items` are observable."
    @Test func itemsAreObservable() {
        let bar = TabBar(frame: .zero)
        let lists = Recorder(bar, \.items)
        let first = makeItems(2)
        bar.items = first
        bar.items = []
        #expect(lists.values.map { $0.map(ObjectIdentifier.init) } == [first.map(ObjectIdentifier.init), []])
    }

    /// The plus button wins where it overlaps a button.
    ///
    /// TabBar+Interaction.swift: "What a touch at `point` lands on, front-most first ...: the
    /// plus button, else the button whose frame contains the point." — where the plus button
    /// overlaps the neighbouring buttons.
    @Test func thePlusButtonWinsWhereItOverlapsAButton() {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 200, height: 49))  // 40 pt slots
        bar.items = makeItems(4)
        bar.layoutIfNeeded()
        // The plus button spans x = 68...132, over parts of buttons 1 (40...80) and 2 (120...160).
        #expect(bar.hitTest(CGPoint(x: 70, y: 24)) == .plusButton)
        #expect(bar.hitTest(CGPoint(x: 130, y: 24)) == .plusButton)
        #expect(bar.hitTest(CGPoint(x: 70, y: 1)) == .item(1))  // above the 44 pt plus button
        #expect(bar.hitTest(CGPoint(x: 50, y: 24)) == .item(1))
    }

    /// Hidden buttons hit nothing.
    ///
    /// TabBar+Interaction.swift: "hidden views and points outside the bounds hit nothing" — a
    /// hidden button or plus button does not hit.
    @Test func hiddenButtonsHitNothing() {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 375, height: 49))
        bar.items = makeItems(4)
        bar.layoutIfNeeded()
        bar.buttons[1].isHidden = true
        bar.plusButton.isHidden = true
        #expect(bar.hitTest(CGPoint(x: 112.5, y: 24.5)) == nil)
        #expect(bar.hitTest(CGPoint(x: 187.5, y: 24.5)) == nil)
        #expect(bar.tap(at: CGPoint(x: 187.5, y: 24.5)) == nil)
        #expect(bar.hitTest(CGPoint(x: 262.5, y: 24.5)) == .item(2))
    }

    /// Hit testing uses the last layout pass.
    ///
    /// TabBar+Interaction.swift: "Uses the frames of the last layout pass".
    @Test func hitTestingUsesTheLastLayoutPass() {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 375, height: 49))
        bar.items = makeItems(4)
        bar.layoutIfNeeded()
        bar.frame.size.width = 750  // not yet laid out again
        #expect(bar.hitTest(CGPoint(x: 500, y: 24.5)) == nil)
        bar.layoutIfNeeded()
        #expect(bar.hitTest(CGPoint(x: 500, y: 24.5)) == .item(2))
    }

    /// Tap at a point taps the plus button or nothing.
    ///
    /// TabBar+Interaction.swift: "Taps what `hitTest(_:)` finds at `point`, if anything." and
    /// "Returns: What was tapped, or `nil` if the point hits nothing."
    @Test func tapAtAPointTapsThePlusButtonOrNothing() {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 375, height: 49))
        let delegate = RecordingTabBarDelegate()
        bar.delegate = delegate
        bar.items = makeItems(4)
        bar.layoutIfNeeded()
        #expect(bar.tap(at: CGPoint(x: 187.5, y: 24.5)) == .plusButton)
        #expect(bar.tap(at: CGPoint(x: 500, y: 24.5)) == nil)
        #expect(delegate.events == [.didSelect(0), .didTapPlus])
    }

    /// Buttons are in item order.
    ///
    /// TabBar.swift: "The buttons, one per item, in item order." and "Setting `items` builds one
    /// `TabBarButton` per item".
    @Test func buttonsAreInItemOrder() {
        let bar = TabBar(frame: .zero)
        let items = makeItems(3)
        bar.items = items
        #expect(bar.buttons.map { $0.item.map(ObjectIdentifier.init) } == items.map(ObjectIdentifier.init))
        #expect(bar.buttons.map(\.isSelected) == [true, false, false])
    }
}

/// The promises of `TabBarController` (Sources/TabBarModel/TabBarController.swift,
/// TabBarController+Taps.swift) not checked elsewhere.
@MainActor
@Suite struct TabBarControllerPromiseTests {
    /// The plus button presents what the factory makes.
    ///
    /// TabBarController.swift: "The plus button presents the controller
    /// `makeComposeViewController` makes."
    @Test func thePlusButtonPresentsWhatTheFactoryMakes() {
        let shell = TabBarController(viewControllers: [ViewController(title: "Home")])
        var made = 0
        shell.makeComposeViewController = {
            made += 1
            return ViewController(title: "Camera")
        }
        shell.tabBar.tapPlusButton()
        #expect(shell.presentedViewController?.title == "Camera")
        shell.tabBar.tapPlusButton()  // one is presented: not presented again
        #expect(shell.presentedViewController?.title == "Camera")
        shell.dismiss(animated: true)
        shell.tabBar.tapPlusButton()
        #expect(made == 3)
        #expect(shell.presentedViewController?.title == "Camera")
    }

    /// The bar's delegate is the controller.
    ///
    /// TabBarController.swift: "The custom tab bar, retained, whose delegate is this controller."
    @Test func theBarsDelegateIsTheController() {
        let shell = TabBarController(viewControllers: [])
        #expect(shell.tabBar.delegate === shell)
    }

    /// View controllers are observable.
    ///
    /// TabBarController.swift: "`selectedIndex`, `viewControllers`, `isTabBarHidden` and
    /// `presentedViewController` are observable." — `viewControllers` here.
    @Test func viewControllersAreObservable() {
        let shell = TabBarController(viewControllers: [ViewController(title: "A")])
        let lists = Recorder(shell, \.viewControllers)
        shell.viewControllers = [ViewController(title: "B"), ViewController(title: "C")]
        #expect(lists.values.map { $0.map(\.title) } == [["B", "C"]])
    }

    /// The tab bar shows again when the pushed screen asks.
    ///
    /// TabBarController.swift: "While the selected child is a `NavigationController`,
    /// `isTabBarHidden` follows its `isBottomBarHidden`" — a pushed screen that shows the bar
    /// again shows it, live.
    @Test func theTabBarShowsAgainWhenThePushedScreenAsks() {
        let nav = NavigationController(rootViewController: ViewController(title: "Home"))
        let shell = TabBarController(viewControllers: [nav])
        let detail = ViewController(title: "Detail")
        nav.push(detail, animated: true)
        #expect(shell.isTabBarHidden)
        detail.hidesBottomBarWhenPushed = false
        #expect(!shell.isTabBarHidden)
        #expect(!shell.tabBar.isHidden)
        detail.hidesBottomBarWhenPushed = true
        #expect(shell.tabBar.isHidden)
    }

    /// A re-tap at the root changes nothing.
    ///
    /// TabBarController+Taps.swift: "Shows the child whose button was tapped or, when it is
    /// already selected, pops its navigation stack to the root" — a re-tap at the root pops
    /// nothing and changes nothing.
    @Test func aReTapAtTheRootChangesNothing() {
        let nav = NavigationController(rootViewController: ViewController(title: "Home"))
        let shell = TabBarController(viewControllers: [nav, ViewController(title: "Me")])
        let stacks = Recorder(nav, \.viewControllers)
        shell.tabBar.tapButton(at: 0)
        #expect(stacks.values.isEmpty)
        #expect(shell.selectedViewController === nav)
    }
}
