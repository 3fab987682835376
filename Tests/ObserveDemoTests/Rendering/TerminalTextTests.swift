import ObserveDemoCore
import TabBarModel
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

    /// The fallback table (for systems without `wcwidth`) draws from the same East Asian Width
    /// data as the badge measurer: W and F are 2 columns, marks and format characters 0.
    @Test func theFallbackTableUsesTheEastAsianWidthData() {
        let cases: [(UInt32, Int)] = [
            (0x41, 1), (0xE9, 1), (0x5B57, 2), (0x30AB, 2), (0xD55C, 2), (0xFF21, 2), (0x3000, 2),
            (0xFF71, 1),
            (0x2764, 1), (0x301, 0), (0x20DD, 0), (0x200B, 0), (0x200F, 0), (0x2060, 0), (0x1F600, 2),
        ]
        for (value, columns) in cases {
            let scalar = Unicode.Scalar(value)!
            #expect(CharacterWidthTable.width(of: scalar) == columns, "U+\(String(value, radix: 16))")
        }
        for range in EastAsianWidth.wideRanges {
            for value in [range.lowerBound, range.upperBound] {
                // Marks and format characters inside the wide blocks are 0, as wcwidth draws them.
                guard let scalar = Unicode.Scalar(value),
                    ![.format, .nonspacingMark, .enclosingMark].contains(scalar.properties.generalCategory)
                else { continue }
                #expect(CharacterWidthTable.width(of: scalar) == 2, "U+\(String(value, radix: 16))")
            }
        }
    }

    /// Where the demo and the badge measurer differ: an emoji presentation sequence (a
    /// text-default base and U+FE0F) is 1 column, as `wcwidth` draws it, and 1 em for a badge.
    @Test func anEmojiPresentationSequenceIsNarrowHereAndWideInABadge() {
        #expect(TerminalText.displayWidth(of: "❤️") == 1)
        #expect(SystemTextMeasurer().width(of: "❤️", font: .systemFont(ofSize: 10)) == 10)
    }

    @Test func widthsAreCountedPerGraphemeCluster() {
        #expect(TerminalText.displayWidth(of: "Home") == 4)
        #expect(TerminalText.displayWidth(of: "日本語フォルダ") == 14)
        #expect(TerminalText.displayWidth(of: "ＡＢ") == 4)
        #expect(TerminalText.displayWidth(of: "😀") == 2)
        #expect(TerminalText.displayWidth(of: "❤") == 1)  // U+2764: text presentation by default.
        #expect(TerminalText.displayWidth(of: "❤️") == 1)  // With U+FE0F: as wcwidth and tmux count it.
        #expect(TerminalText.displayWidth(of: "👨‍👩‍👧") == 6)  // Joined by U+200D: one cluster, 2 + 0 + 2 + 0 + 2.
        #expect(TerminalText.displayWidth(of: "🇯🇵") == 2)
        #expect(TerminalText.displayWidth(of: "e\u{301}") == 1)  // A combining mark adds nothing.
        #expect(TerminalText.displayWidth(of: "\u{200B}") == 0)
        #expect(TerminalText.displayWidth(of: "\u{1B}") == 1)  // Drawn as one "�".
        #expect(TerminalText.displayWidth(of: "\u{1FAE8}") == 2)  // Newer than glibc's tables.
    }

    /// A cluster of several scalars is as wide as tmux 3.3a and `wcwidth` draw it.
    ///
    /// That is the sum of its scalars' widths. It counted its first scalar only, so a title of
    /// "👍🏽" made a row 2 columns wider than the terminal, which wrapped it (found by a cold bug
    /// hunt). The widths were read from tmux's cursor after each.
    @Test func aClusterCountsTheWidthsOfAllItsScalars() {
        #expect(TerminalText.displayWidth(of: "👍🏽") == 4)  // U+1F3FD, a skin tone, adds 2.
        #expect(TerminalText.displayWidth(of: "☝🏽") == 3)  // On a text-default base (1).
        #expect(TerminalText.displayWidth(of: "किकि") == 4)  // U+093F, a spacing vowel, adds 1.
        #expect(TerminalText.displayWidth(of: "กำกำ") == 4)  // U+0E33 adds 1.
        #expect(TerminalText.displayWidth(of: "1️⃣") == 1)  // U+FE0F and U+20E3 add nothing.
        #expect(TerminalText.displayWidth(of: "🏴󠁧󠁢󠁥󠁮󠁧󠁿") == 2)  // Tag characters add nothing.
        #expect(TerminalText.displayWidth(of: "🇯") == 2)  // A lone regional indicator, as an emoji.
        #expect(TerminalText.displayWidth(of: "🇯🇵🇰") == 4)  // A flag, then a lone indicator.
    }
}
