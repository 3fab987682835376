import Foundation
import ObserveDemoCore
import Testing

@Suite struct TextRendererTests {
    @Test func plainFrameAtFortyTwoColumns() {
        let lines = TextRenderer(width: 42, usesColor: false).render(.fixture)
        #expect(
            lines == [
                "╭────────────────────────────────────────╮",
                "│ ‹ Home           Post             More │",
                "├────────────────────────────────────────┤",
                "│                                        │",
                "│                  Post                  │",
                "│                                        │",
                "├────────────────────────────────────────┤",
                "│     (5)      ●                         │",
                "│  Home  Messages  (+)   Discover   Me   │",
                "│  ━━━━                                  │",
                "╰────────────────────────────────────────╯",
            ])
        #expect(lines.count == TextRenderer.lineCount)
        #expect(lines.allSatisfy { $0.count == 42 })
    }

    @Test func narrowFramesCutTitlesWithAnEllipsis() {
        let lines = TextRenderer(width: 32, usesColor: false).render(.fixture)
        #expect(lines[8] == "│ Home Mess…  (+)  Disc…   Me  │")
        #expect(lines.allSatisfy { $0.count == 32 })
    }

    @Test func hiddenTabBarKeepsTheFrameHeight() {
        var state = ShellState.fixture
        state.isTabBarHidden = true
        let lines = TextRenderer(width: 42, usesColor: false).render(state)
        #expect(lines.count == TextRenderer.lineCount)
        #expect(lines[8] == "│            (tab bar hidden)            │")
        #expect(lines[7].allSatisfy { $0 == " " || $0 == "│" })
    }

    @Test func colourMarksTheSelectedTabOrangeAndOnlyThen() {
        let coloured = TextRenderer(width: 42, usesColor: true).render(.fixture).joined()
        #expect(coloured.contains("\u{1B}[1;38;5;208mHome"))
        #expect(coloured.contains("\u{1B}[97;41m 5 "))
        let plain = TextRenderer(width: 42, usesColor: false).render(.fixture).joined()
        #expect(!plain.contains("\u{1B}"))
    }

    @Test func jsonLineHoldsTabsNavigationAndFlags() throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(ShellState.fixture.jsonLine().utf8)) as? [String: Any]
        )
        let tabs = try #require(object["tabs"] as? [[String: Any]])
        #expect(tabs.map { $0["title"] as? String } == ["Home", "Messages", "Discover", "Me"])
        #expect(tabs.map { $0["selected"] as? Bool } == [true, false, false, false])
        #expect((tabs[0]["badge"] as? [String: String]) == ["content": "text", "text": "5"])
        #expect((tabs[1]["badge"] as? [String: String]) == ["content": "dot"])
        #expect(tabs[1]["badgeValue"] as? String == "1000")
        #expect((tabs[2]["badge"] as? [String: String]) == ["content": "hidden"])
        let navigation = try #require(object["navigation"] as? [String: Any])
        #expect(navigation["stack"] as? [String] == ["Home", "Post"])
        #expect(navigation["backTitle"] as? String == "Home")
        #expect(object["tabBarHidden"] as? Bool == false)
        #expect(object["selectedIndex"] as? Int == 0)
        #expect(!ShellState.fixture.jsonLine().contains("\n"))
    }
}

extension ShellState {
    /// Four tabs of 75 points in a 375-point bar, the plus button in the middle slot.
    fileprivate static let fixture = ShellState(
        barWidth: 375,
        tabs: [
            Tab(
                title: "Home", badgeValue: "5", badge: .text("5"), isSelected: true,
                frame: Extent(minX: 0, width: 75), badgeFrame: Extent(minX: 45, width: 20)),
            Tab(
                title: "Messages", badgeValue: "1000", badge: .dot, isSelected: false,
                frame: Extent(minX: 75, width: 75), badgeFrame: Extent(minX: 130, width: 10)),
            Tab(
                title: "Discover", badgeValue: "0", badge: .hidden, isSelected: false,
                frame: Extent(minX: 225, width: 75)),
            Tab(
                title: "Me", badgeValue: nil, badge: .hidden, isSelected: false,
                frame: Extent(minX: 300, width: 75)),
        ],
        plusButton: Extent(minX: 165, width: 45),
        navigation: Navigation(
            stack: ["Home", "Post"], title: "Post", backTitle: "Home", rightItems: ["More"]),
        screenTitle: "Post")
}
