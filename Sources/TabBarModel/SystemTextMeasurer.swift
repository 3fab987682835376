import Foundation

/// The default `TextMeasuring`: estimates widths in the system font from per-character advance
/// widths, each a fraction of the font size (an em).
///
/// Each character (grapheme cluster) is classified by its first Unicode scalar:
///
/// | characters | advance |
/// |---|---|
/// | digits `0`-`9` (tabular) | 0.56 em |
/// | Latin capitals `A`-`Z` | 0.66 em |
/// | Latin lower case `a`-`z` | 0.52 em |
/// | space | 0.26 em |
/// | other ASCII (punctuation, symbols) | 0.34 em |
/// | CJK ideographs, kana, Hangul, full-width forms, emoji (default emoji presentation) | 1.0 em |
/// | anything else (accented Latin, Greek, Cyrillic, ...) | 0.6 em |
///
/// The width is the sum of the advances: an 11 pt "999" is 3 x 0.56 x 11 = 18.48 pt, which fits
/// the 20 pt badge image, and "1000" is 24.64 pt, which does not. The figures approximate
/// San Francisco Text; they ignore kerning and ligatures.
public struct SystemTextMeasurer: TextMeasuring, Sendable {
    /// Creates the estimating measurer.
    public init() {}

    /// The estimated advance width of `text` in `font`.
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - font: The system font to estimate for.
    /// - Returns: The width, in points.
    /// - Complexity: O(*n*), where *n* is the number of characters.
    public func width(of text: String, font: Font) -> CGFloat {
        var ems: CGFloat = 0
        for character in text {
            guard let scalar = character.unicodeScalars.first else { continue }
            ems += Self.advance(of: scalar)
        }
        return ems * font.pointSize
    }

    /// The advance of one character, in ems.
    private static func advance(of scalar: Unicode.Scalar) -> CGFloat {
        switch scalar.value {
        case 0x30...0x39: 0.56
        case 0x41...0x5A: 0.66
        case 0x61...0x7A: 0.52
        case 0x20: 0.26
        case 0x21...0x7E: 0.34
        case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F,
            0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            1.0
        // Emoji outside the pictograph blocks: flags (regional indicators), stars, watches, ...
        default: scalar.properties.isEmojiPresentation ? 1.0 : 0.6
        }
    }
}
