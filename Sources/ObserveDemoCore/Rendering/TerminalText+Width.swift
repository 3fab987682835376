extension TerminalText {
    /// Whether widths come from the C library's `wcwidth` (in the `C.UTF-8` locale) rather than
    /// the small built-in table; `true` on glibc systems that have that locale.
    public static var usesSystemWidths: Bool { SystemCharacterWidth.shared != nil }

    /// The number of terminal columns a grapheme cluster takes: 0, 1 or 2.
    ///
    /// The cluster counts as its first scalar: 2 for East Asian Wide and Fullwidth characters
    /// and for emoji with the Emoji_Presentation property (such as "😀"), 0 for a lone combining
    /// mark or format character (such as U+200B), else 1. The scalars that follow in the cluster
    /// (combining marks, zero-width joiners, skin tones, the rest of a flag or of a joined
    /// emoji) add nothing. A text-presentation symbol made an emoji by U+FE0F ("❤️") counts as
    /// its base, 1, as `wcwidth`-based terminals and tmux draw it (a few newer terminals draw it
    /// 2 wide). An unsafe cluster counts 1, the width of the ``replacement`` drawn for it.
    /// Widths come from `wcwidth` where ``usesSystemWidths``; an unassigned character counts 1.
    /// Elsewhere a fallback table gives them, made from Unicode's EastAsianWidth.txt (W and F are
    /// 2 columns), the data `SystemTextMeasurer` classifies badges by. The two differ where the
    /// terminal does: the measurer counts an emoji on a text-default base ("❤️", "☝🏽", "1️⃣") as
    /// wide (1 em), the terminal as its base, 1 column.
    ///
    /// - Parameter character: One grapheme cluster.
    /// - Returns: Its width in columns.
    public static func displayWidth(of character: Character) -> Int {
        guard let first = character.unicodeScalars.first else { return 0 }
        if isUnsafe(character) { return 1 }
        // Also for emoji newer than the C library's tables.
        if first.properties.isEmojiPresentation { return 2 }
        if let system = SystemCharacterWidth.shared {
            let width = system.width(of: first)
            return width < 0 ? 1 : width
        }
        return CharacterWidthTable.width(of: first)
    }

    /// The number of terminal columns a string takes: the sum of its clusters' widths.
    ///
    /// - Parameter text: The text to measure.
    /// - Returns: Its width in columns.
    /// - Complexity: O(n) in the length of `text`.
    public static func displayWidth(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + displayWidth(of: $1) }
    }
}
