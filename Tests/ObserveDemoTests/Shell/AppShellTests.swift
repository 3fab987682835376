import ObserveDemoCore
import TabBarModel
import Testing

@MainActor
@Suite struct AppShellTests {
    @Test func socialAppStartsOnHomeWithNoBadges() {
        let state = AppShell.socialApp().snapshot()
        #expect(state.tabs.map(\.title) == ["Home", "Messages", "Discover", "Me"])
        #expect(state.tabs.map(\.badge) == [.hidden, .hidden, .hidden, .hidden])
        #expect(state.selectedIndex == 0)
        #expect(state.navigation == ShellState.Navigation(stack: ["Home"], title: "Home"))
        #expect(state.barWidth == 375)
        #expect(state.plusButton.map { $0.minX + $0.width / 2 } == 187.5)
    }

    @Test func badgesFollowTheModelRules() throws {
        let shell = AppShell.socialApp()
        try shell.apply(.badge(tab: 1, value: "999"))
        try shell.apply(.badge(tab: 2, value: "1000"))
        try shell.apply(.badge(tab: 3, value: "0"))
        let state = shell.snapshot()
        #expect(state.tabs.map(\.badge) == [.hidden, .text("999"), .dot, .hidden])
        #expect(state.tabs.map(\.badgeValue) == [nil, "999", "1000", "0"])
    }

    @Test func badgesSitTenPointsFromTheButtonsRightEdge() throws {
        let shell = AppShell.socialApp()
        try shell.apply(.badge(tab: 1, value: "5"))
        #expect(shell.snapshot().tabs[1].frame == ShellState.Extent(minX: 75, width: 75))
        #expect(shell.snapshot().tabs[1].badgeFrame == ShellState.Extent(minX: 120, width: 20))
        try shell.apply(.badge(tab: 1, value: "1000"))
        #expect(shell.snapshot().tabs[1].badgeFrame == ShellState.Extent(minX: 130, width: 10))
        try shell.apply(.badge(tab: 1, value: nil))
        #expect(shell.snapshot().tabs[1].badgeFrame == nil)
    }

    @Test func pushHidesTheTabBarAndShowsTheBackTitle() throws {
        let shell = AppShell.socialApp()
        try shell.apply(.push(title: "Post", tab: nil))
        let state = shell.snapshot()
        #expect(state.navigation?.stack == ["Home", "Post"])
        #expect(state.navigation?.backTitle == "Home")
        #expect(state.navigation?.rightItems == ["more"])
        #expect(state.screenTitle == "Post")
        #expect(state.isTabBarHidden)
        try shell.apply(.popTo(index: 0, tab: 0))
        #expect(shell.snapshot().isTabBarHidden == false)
    }

    @Test func refusedEventsChangeNothing() throws {
        let shell = AppShell.socialApp()
        try shell.apply(.badge(tab: 1, value: "4"))
        try shell.apply(.push(title: "Post", tab: 0))
        let before = shell.snapshot()
        #expect(throws: EventError.indexOutOfRange(field: "index", index: 2, count: 2)) {
            try shell.apply(.popTo(index: 2, tab: 0))
        }
        #expect(throws: EventError.refused("tab 1 ('Messages') has no navigation controller")) {
            try shell.apply(.push(title: "Chat", tab: 1))
        }
        #expect(throws: EventError.indexOutOfRange(field: "tab", index: 7, count: 4)) {
            try shell.apply(.badge(tab: 7, value: "1"))
        }
        #expect(shell.snapshot() == before)
        try shell.apply(.pop(tab: 0))
        #expect(throws: EventError.refused("cannot pop: the stack is at its root")) {
            try shell.apply(.pop(tab: 0))
        }
    }

    @Test func selectIsATapSoReselectingPopsToTheRoot() throws {
        let shell = AppShell.socialApp()
        try shell.apply(.push(title: "Post", tab: 0))
        let nav = try #require(shell.controller.viewControllers[0] as? NavigationController)
        nav.topViewController.hidesBottomBarWhenPushed = false  // the tab bar shows: it takes taps
        #expect(shell.snapshot().navigation?.stack == ["Home", "Post"])
        try shell.apply(.select(tab: 0))
        let state = shell.snapshot()
        #expect(state.navigation?.stack == ["Home"])
        #expect(state.screenTitle == "Home")
        #expect(state.selectedIndex == 0)
    }

    @Test func selectAndPlusAreRefusedWhileTheTabBarIsHidden() throws {
        let shell = AppShell.socialApp()
        try shell.apply(.push(title: "Post", tab: 0))
        let before = shell.snapshot()
        #expect(before.isTabBarHidden)
        #expect(throws: EventError.refused("cannot select a tab: the tab bar is hidden")) {
            try shell.apply(.select(tab: 1))
        }
        #expect(throws: EventError.refused("cannot tap plus: the tab bar is hidden")) {
            try shell.apply(.plus)
        }
        #expect(shell.snapshot() == before)
    }

    @Test func plusPresentsComposeUntilDismissed() throws {
        let shell = AppShell.socialApp()
        try shell.apply(.plus)
        #expect(shell.snapshot().presentedTitle == "Compose")
        #expect(throws: EventError.refused("'Compose' is already presented")) { try shell.apply(.plus) }
        try shell.apply(.dismiss)
        #expect(shell.snapshot().presentedTitle == nil)
        #expect(throws: EventError.refused("nothing is presented")) { try shell.apply(.dismiss) }
    }

    @Test func renamesAndImagesShowOnTheButtons() throws {
        let shell = AppShell.socialApp()
        try shell.apply(.title(tab: 2, title: "Explore"))
        try shell.apply(.image(tab: 0, name: "home_alt", selectedName: "home_alt_on"))
        try shell.apply(.select(tab: 2))
        let state = shell.snapshot()
        #expect(state.tabs[2].title == "Explore")
        #expect(state.tabs[0].imageName == "home_alt")
        #expect(state.selectedIndex == 2)
        #expect(state.navigation == nil)
        #expect(state.screenTitle == "Discover")
    }

    @Test func foldersBecomeTabsWithTheirCounts() {
        let shell = AppShell.folders([
            FolderCount(name: "inbox", fileCount: 3), FolderCount(name: "spam", fileCount: 0),
        ])
        let state = shell.snapshot()
        #expect(state.tabs.map(\.title) == ["inbox", "spam"])
        #expect(state.tabs.map(\.badge) == [.text("3"), .hidden])
    }
}
