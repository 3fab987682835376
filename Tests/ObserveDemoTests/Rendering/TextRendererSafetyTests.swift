import Foundation
import ObserveDemoCore
import Testing

/// Frames stay one rectangle whatever the titles hold: escapes, line breaks, wide characters.
@Suite struct TextRendererSafetyTests {
    @Test func controlCharactersAreDrawnAsReplacements() {
        let lines = TextRenderer(width: 42, usesColor: false).render(.hostile)
        #expect(
            lines == [
                "╭────────────────────────────────────────╮",
                "│ ‹ a�b          �[2Jboom           More │",
                "├────────────────────────────────────────┤",
                "│                                        │",
                "│                new�line                │",
                "│                                        │",
                "├────────────────────────────────────────┤",
                "│                                        │",
                "│�[2Jevil new�l…   (+)     tab�   �line  │",
                "│━━━━━━━━                                │",
                "╰────────────────────────────────────────╯",
            ])
        let coloured = TextRenderer(width: 42, usesColor: true).render(.hostile).joined()
        #expect(!coloured.contains("\u{1B}[2J"))
        #expect(!coloured.contains("\n") && !coloured.contains("\t") && !coloured.contains("\u{2028}"))
    }

    @Test func jsonLineEscapesWhatATerminalWouldActOn() throws {
        let line = ShellState.hostile.jsonLine()
        #expect(line.contains(#""title":"\u001b[2Jboom""#))
        #expect(line.contains(#""backTitle":"a\u009bb""#))  // JSONEncoder leaves C1 controls raw.
        #expect(line.contains(#""title":"\u2028line""#))
        #expect(!line.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) })
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let navigation = try #require(object["navigation"] as? [String: Any])
        #expect(navigation["backTitle"] as? String == "a\u{9B}b")
    }

    @Test func wideCharactersTakeTwoColumnsAndAreNeverSplit() {
        let lines = TextRenderer(width: 42, usesColor: false).render(.wide)
        #expect(
            lines == [
                "╭────────────────────────────────────────╮",
                "│ ‹ 日本語フ…      写真         設定する │",
                "├────────────────────────────────────────┤",
                "│                                        │",
                "│                  写真                  │",
                "│                                        │",
                "├────────────────────────────────────────┤",
                "│     (5)      ●                         │",
                // The family emoji counts 6 columns (2 + 0 + 2 + 0 + 2), too wide for its slot.
                "│日本語…  😀❤️…     (+)     Ｍｅ     é    │",
                "│━━━━━━━                                 │",
                "╰────────────────────────────────────────╯",
            ])
        #expect(lines.allSatisfy { TerminalText.displayWidth(of: $0) == 42 })
    }

    @Test func narrowestFrameKeepsAColumnBetweenParts() {
        #expect(TextRenderer(width: 20, usesColor: false).width == TextRenderer.minimumWidth)
        var state = ShellState.hostile
        state.navigation = ShellState.Navigation(
            stack: ["Home", "Post", "Comments"], title: "Comments", backTitle: "Post", rightItems: ["more"])
        state.tabs = ["Home", "Messages", "Discover", "Me"].enumerated().map { index, title in
            ShellState.Tab(
                title: title, badgeValue: nil, badge: .hidden, isSelected: index == 0,
                frame: ShellState.Extent(minX: [0, 75, 225, 300][index], width: 75))
        }
        let lines = TextRenderer(width: TextRenderer.minimumWidth, usesColor: false).render(state)
        #expect(lines[1] == "│ ‹ Post  Comments    more │")
        #expect(lines[8] == "│Home Mes…  (+)  Dis…  Me  │")
        #expect(lines.allSatisfy { TerminalText.displayWidth(of: $0) == 28 })
    }
}

extension ShellState {
    /// Titles an event stream or a folder name could carry: an escape, a tab, line breaks.
    fileprivate static let hostile = ShellState(
        barWidth: 375,
        tabs: [
            Tab(
                title: "\u{1B}[2Jevil", badgeValue: nil, badge: .hidden, isSelected: true,
                frame: Extent(minX: 0, width: 75)),
            Tab(
                title: "new\nline", badgeValue: nil, badge: .hidden, isSelected: false,
                frame: Extent(minX: 75, width: 75)),
            Tab(
                title: "tab\t", badgeValue: nil, badge: .hidden, isSelected: false,
                frame: Extent(minX: 225, width: 75)),
            Tab(
                title: "\u{2028}line", badgeValue: nil, badge: .hidden, isSelected: false,
                frame: Extent(minX: 300, width: 75)),
        ],
        plusButton: Extent(minX: 165, width: 45),
        navigation: Navigation(
            stack: ["Home", "Post"], title: "\u{1B}[2Jboom", backTitle: "a\u{9B}b", rightItems: ["More"]),
        screenTitle: "new\nline")

    /// Wide titles: CJK, fullwidth letters, emoji alone, with a presentation selector (one column,
    /// as tmux draws it) and joined.
    fileprivate static let wide = ShellState(
        barWidth: 375,
        tabs: [
            Tab(
                title: "日本語フォルダ", badgeValue: "5", badge: .text("5"), isSelected: true,
                frame: Extent(minX: 0, width: 75), badgeFrame: Extent(minX: 45, width: 20)),
            Tab(
                title: "😀❤️👨‍👩‍👧", badgeValue: "1000", badge: .dot, isSelected: false,
                frame: Extent(minX: 75, width: 75), badgeFrame: Extent(minX: 130, width: 10)),
            Tab(
                title: "Ｍｅ", badgeValue: nil, badge: .hidden, isSelected: false,
                frame: Extent(minX: 225, width: 75)),
            Tab(
                title: "e\u{301}", badgeValue: nil, badge: .hidden, isSelected: false,
                frame: Extent(minX: 300, width: 75)),
        ],
        plusButton: Extent(minX: 165, width: 45),
        navigation: Navigation(
            stack: ["日本語フォルダ", "写真"], title: "写真", backTitle: "日本語フォルダ", rightItems: ["設定する"]),
        screenTitle: "写真")
}
