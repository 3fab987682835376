/// A small width table for systems without a usable `wcwidth` (see ``SystemCharacterWidth``).
///
/// It covers what titles in practice hold: the East Asian Wide and Fullwidth blocks (Hangul
/// Jamo initials, CJK radicals and symbols, kana, Hangul syllables, CJK ideographs, compatibility
/// ideographs, vertical and fullwidth forms) are 2 columns; combining marks, enclosing marks and
/// format characters are 0; everything else is 1. Emoji are handled before this table, by their
/// emoji-presentation property.
enum CharacterWidthTable {
    /// Scalar ranges 2 columns wide (from Unicode's EastAsianWidth.txt, W and F, simplified).
    private static let wide: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE10...0xFE19,
        0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x1B000...0x1B2FF, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]

    /// The scalar's width in columns: 0, 1 or 2.
    static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        return wide.contains { $0.contains(scalar.value) } ? 2 : 1
    }
}
