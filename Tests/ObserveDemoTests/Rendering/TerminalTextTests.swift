import ObserveDemoCore
import Testing

@Suite struct TerminalTextTests {
    @Test func controlCharactersBecomeOneReplacementEach() {
        #expect(TerminalText.sanitized("\u{1B}[2Jevil") == "\u{FFFD}[2Jevil")
        #expect(TerminalText.sanitized("new\nline") == "new\u{FFFD}line")
        #expect(TerminalText.sanitized("a\tb\r\nc") == "a\u{FFFD}b\u{FFFD}c")
        #expect(TerminalText.sanitized("\u{0}\u{7F}\u{85}\u{9B}\u{2028}\u{2029}\u{202E}") == "�������")
        #expect(TerminalText.sanitized("日本語 é 😀") == "日本語 é 😀")
    }

    @Test func theSystemWidthFacilityWorksHere() {
        #if os(Linux)
            // glibc's wcwidth in the C.UTF-8 locale; the built-in table is only a fallback.
            #expect(TerminalText.usesSystemWidths)
        #endif
    }

    @Test func widthsAreCountedPerGraphemeCluster() {
        #expect(TerminalText.displayWidth(of: "Home") == 4)
        #expect(TerminalText.displayWidth(of: "日本語フォルダ") == 14)
        #expect(TerminalText.displayWidth(of: "ＡＢ") == 4)
        #expect(TerminalText.displayWidth(of: "😀") == 2)
        #expect(TerminalText.displayWidth(of: "❤") == 1)  // U+2764: text presentation by default.
        #expect(TerminalText.displayWidth(of: "❤️") == 1)  // With U+FE0F: as wcwidth and tmux count it.
        #expect(TerminalText.displayWidth(of: "👍🏽") == 2)  // A skin tone adds nothing.
        #expect(TerminalText.displayWidth(of: "👨‍👩‍👧") == 2)  // Joined by U+200D: one cluster.
        #expect(TerminalText.displayWidth(of: "🇯🇵") == 2)
        #expect(TerminalText.displayWidth(of: "e\u{301}") == 1)  // A combining mark adds nothing.
        #expect(TerminalText.displayWidth(of: "\u{200B}") == 0)
        #expect(TerminalText.displayWidth(of: "\u{1B}") == 1)  // Drawn as one "�".
        #expect(TerminalText.displayWidth(of: "\u{1FAE8}") == 2)  // Newer than glibc's tables.
    }
}
