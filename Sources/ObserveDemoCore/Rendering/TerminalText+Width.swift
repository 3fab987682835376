extension TerminalText {
    /// Whether widths come from the C library's `wcwidth` (in the `C.UTF-8` locale) rather than
    /// the small built-in table; `true` on glibc systems that have that locale.
    public static var usesSystemWidths: Bool { SystemCharacterWidth.shared != nil }

    /// The number of terminal columns a grapheme cluster takes: the sum of its scalars' widths.
    ///
    /// Each scalar counts as `wcwidth` draws it: 2 for East Asian Wide and Fullwidth characters
    /// and for emoji with the Emoji_Presentation property (such as "😀" and the skin tones), 0
    /// for a combining mark, a zero-width joiner, a variation selector or another format
    /// character (such as U+200B), else 1. So "e\u{301}" and "❤️" (a text-default base and
    /// U+FE0F) count 1, as their base; "👍🏽" counts 4 and "☝🏽" 3, and the spacing vowels of
    /// "कि" (U+093F) and "กำ" (U+0E33) add 1, as tmux and `wcwidth`-based terminals draw them. A
    /// terminal that draws a cluster as one glyph draws it narrower, never wider, so a frame
    /// measured this way never overflows: tmux draws an emoji ZWJ sequence ("👨‍👩‍👧", counted 6)
    /// 2 wide, and the row holding it then ends a few columns short. A flag ("🇯🇵") counts 2,
    /// as one emoji or as its two letters: a regional indicator that follows another adds
    /// nothing. An unsafe cluster counts 1, the width of the ``replacement`` drawn for it.
    /// Widths come from `wcwidth` where ``usesSystemWidths``; a scalar it does not know counts 2
    /// if it is an emoji (for emoji newer than the C library's tables), else 1. Elsewhere a
    /// fallback table gives them, made from Unicode's EastAsianWidth.txt (W and F are 2
    /// columns), the data `SystemTextMeasurer` classifies badges by. The two differ where the
    /// terminal does: the measurer counts an emoji sequence ("❤️", "☝🏽", "1️⃣") as one wide
    /// character (1 em), as the phone draws it, the terminal as the sum of its parts.
    ///
    /// - Parameter character: One grapheme cluster.
    /// - Returns: Its width in columns, 0 or more.
    /// - Complexity: O(*n*) in the number of scalars of the cluster.
    public static func displayWidth(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if isUnsafe(character) { return 1 }
        var width = columns(of: first)
        var previous = first
        for scalar in scalars.dropFirst() {
            // The second letter of a flag: the pair is 2 columns, as one emoji or as two letters.
            if !(isRegionalIndicator(previous) && isRegionalIndicator(scalar)) {
                width += columns(of: scalar)
            }
            previous = scalar
        }
        return width
    }

    /// The number of terminal columns a string takes: the sum of its clusters' widths.
    ///
    /// - Parameter text: The text to measure.
    /// - Returns: Its width in columns.
    /// - Complexity: O(n) in the length of `text`.
    public static func displayWidth(of text: some StringProtocol) -> Int {
        text.reduce(0) { $0 + displayWidth(of: $1) }
    }

    /// One scalar's width in columns: 0, 1 or 2.
    private static func columns(of scalar: Unicode.Scalar) -> Int {
        // Also for emoji newer than the C library's tables.
        if scalar.properties.isEmojiPresentation { return 2 }
        if let system = SystemCharacterWidth.shared {
            let width = system.width(of: scalar)
            return width < 0 ? 1 : width
        }
        return CharacterWidthTable.width(of: scalar)
    }

    private static func isRegionalIndicator(_ scalar: Unicode.Scalar) -> Bool {
        (0x1F1E6...0x1F1FF).contains(scalar.value)
    }
}
