import Foundation
import Testing

@testable import TabBarModel

/// The width classes of `SystemTextMeasurer`, by Unicode's rules (UAX #11 East Asian Width, UTS
/// #51 emoji presentation, default-ignorable code points, combining marks): each class, with
/// the characters the issue names.
@Suite struct TextWidthClassTests {
    private let measurer = SystemTextMeasurer()
    private let font = Font.systemFont(ofSize: 10)

    private func ems(_ text: String) -> CGFloat {
        measurer.width(of: text, font: font) / 10
    }

    /// Wide, 1.0 em: East Asian Wide and Fullwidth bases, default emoji presentation, emoji
    /// presentation sequences (base + U+FE0F), emoji modifier sequences (also on a base whose
    /// default is text: "☝🏽", "✌🏻", "⛹🏽", "🕴🏻"), keycaps (also unqualified: "1⃣"), flags and
    /// ZWJ sequences (also without U+FE0F: "❤" U+200D "🔥").
    @Test(arguments: [
        "字", "か", "한", "Ａ", "\u{3000}", "😀", "⭐", "⌚", "🇫🇷", "🇯🇵", "❤️", "☺️", "✌️", "1️⃣", "#️⃣", "*️⃣",
        "👨‍👩‍👧", "🏳️‍🌈", "👍🏽", "🧑‍💻", "\u{261D}\u{1F3FD}", "\u{270C}\u{1F3FB}", "\u{26F9}\u{1F3FD}",
        "\u{1F574}\u{1F3FB}", "1\u{20E3}", "#\u{20E3}", "\u{2764}\u{200D}\u{1F525}",
    ])
    func wideCharactersTakeOneEm(text: String) {
        #expect(text.count == 1, "one grapheme cluster")
        #expect(abs(ems(text) - 1) < 1e-9, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
    }

    /// Narrow: a text-presentation symbol without U+FE0F, half-width forms, Latin, digits; a
    /// joiner with no emoji after it, or after a keycap base, and a keycap mark on a base that is
    /// no keycap's, make no sequence.
    @Test(arguments: [
        ("❤", 0.6), ("☺", 0.6), ("✌", 0.6), ("ｱ", 0.6), ("é", 0.6), ("1", 0.56), ("#", 0.34), ("a", 0.52),
        ("❤\u{FE0E}", 0.6), ("1\u{200D}", 0.56), ("#\u{200D}", 0.34), ("*\u{200D}", 0.34),
        ("\u{2764}\u{200D}", 0.6), ("\u{00A9}\u{20E3}", 0.6),
    ])
    func narrowCharactersTakeTheirBasesAdvance(text: String, expected: Double) {
        #expect(abs(ems(text) - CGFloat(expected)) < 1e-9, "\(text)")
    }

    /// Zero: default-ignorable code points alone (U+200B-U+200F, U+2060-U+2064, variation
    /// selectors, the soft hyphen) and lone combining marks have no width.
    @Test(arguments: [
        "\u{200B}", "\u{200C}", "\u{200D}", "\u{200E}", "\u{200F}", "\u{2060}", "\u{2061}", "\u{2062}",
        "\u{2063}", "\u{2064}", "\u{FE00}", "\u{FE0E}", "\u{FE0F}", "\u{E0100}", "\u{AD}", "\u{301}",
        "\u{20DD}",
    ])
    func ignorablesAndLoneMarksHaveNoWidth(text: String) {
        #expect(ems(text) == 0, "U+\(String(text.unicodeScalars.first?.value ?? 0, radix: 16))")
    }

    /// The printable-ASCII shortcut gives what the rules give, for every such character.
    @Test func printableASCIIShortcutAgreesWithTheRules() {
        for value in UInt8(0x20)...UInt8(0x7E) {
            let character = Character(Unicode.Scalar(value))
            #expect(
                SystemTextMeasurer.widthClass(of: character)
                    == SystemTextMeasurer.widthClassByProperties(of: character))
            #expect(SystemTextMeasurer.widthClass(of: character) == .narrow(Unicode.Scalar(value)))
        }
    }

    /// Combining marks and ignorables add nothing to their base.
    @Test func combiningMarksAndIgnorablesAddNothing() {
        #expect(abs(ems("a\u{301}\u{302}\u{303}") - 0.52) < 1e-9)
        #expect(abs(ems("5\u{200F}") - 0.56) < 1e-9)
        #expect(abs(ems("\u{200F}5\u{200B}") - 0.56) < 1e-9)
        #expect(abs(ems("字\u{FE00}") - 1) < 1e-9)
    }

    /// The report's badges: two hearts measure as two flames (a dot on the 20 pt badge), and a
    /// lone U+200F beside a digit leaves the digit's text.
    @MainActor @Test func twoHeartsAreADotAsTwoFlamesAndAnIgnorableAddsNothing() {
        let badge = BadgeView(frame: .zero)
        badge.badgeValue = "🔥🔥"
        #expect(badge.content == .dot)
        badge.badgeValue = "❤️❤️"
        #expect(badge.content == .dot)
        badge.badgeValue = "❤️"
        #expect(badge.content == .text("❤️"))
        badge.badgeValue = "\u{200F}99\u{200F}"
        #expect(badge.content == .text("\u{200F}99\u{200F}"))
        badge.badgeValue = "\u{200F}999\u{200F}"  // 18.48 pt, the ignorables adding nothing
        #expect(badge.content == .text("\u{200F}999\u{200F}"))
    }

    /// The East Asian Width table: ascending, disjoint, W and F only, from the data it names.
    @Test func theEastAsianWidthTableIsOrderedAndNamesItsSource() throws {
        let ranges = EastAsianWidth.wideRanges
        #expect(ranges.count > 50)
        for (lower, upper) in zip(ranges, ranges.dropFirst()) {
            #expect(lower.upperBound + 1 < upper.lowerBound, "\(lower) and \(upper) touch or overlap")
        }
        let wide: [UInt32] = [
            0x1100, 0x3000, 0x3400, 0x4E00, 0x9FFF, 0xAC00, 0xFF01, 0x1F600, 0x20000, 0x3FFFD,
        ]
        let notWide: [UInt32] = [0x41, 0xE9, 0x2764, 0x263A, 0xFF61, 0xFFE8, 0x1F1E6, 0x10FFFF]
        for value in wide {
            #expect(EastAsianWidth.isWide(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        for value in notWide {
            #expect(!EastAsianWidth.isWide(Unicode.Scalar(value)!), "U+\(String(value, radix: 16))")
        }
        let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Sources/TabBarModel/Internal/EastAsianWidth+Table.swift")
        let header = try String(contentsOf: table, encoding: .utf8).prefix(300)
        #expect(header.contains("EastAsianWidth.txt, Unicode \(EastAsianWidth.unicodeVersion)"))
        #expect(header.contains("unicode-data"))
    }
}
