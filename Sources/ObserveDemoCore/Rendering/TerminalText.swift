/// How text from the models is made safe and measured for a terminal.
///
/// Titles, badge values and folder names come from event streams and file systems, so they may
/// hold anything. Before a frame is drawn, every such string goes through ``sanitized(_:)``,
/// which replaces each grapheme cluster holding a character the terminal would act on (an escape
/// sequence, a line break, a tab) with a visible U+FFFD "�", one column wide. Widths are then
/// counted in terminal columns by ``displayWidth(of:)-(Character)``, one grapheme cluster at a
/// time, so that wide characters and emoji keep the frame's borders in line.
///
/// ```swift
/// TerminalText.sanitized("\u{1B}[2Jboom")  // "�[2Jboom"
/// TerminalText.displayWidth(of: "日本語")    // 6
/// ```
public enum TerminalText {
    /// The character drawn in place of one the terminal would act on: U+FFFD, one column wide.
    public static let replacement: Character = "\u{FFFD}"

    /// Returns the text with every unsafe grapheme cluster replaced by ``replacement``.
    ///
    /// Unsafe are the C0 controls (U+0000-U+001F, among them escape, tab, line feed and carriage
    /// return), DEL (U+007F), the C1 controls (U+0080-U+009F, which some terminals read as
    /// escape sequences), the line and paragraph separators (U+2028, U+2029) and the explicit
    /// bidirectional embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), which
    /// can reorder what a bidi-aware terminal shows. A cluster is replaced whole, so `"\r\n"`
    /// becomes one "�".
    ///
    /// - Parameter text: Text from the models or the input.
    /// - Returns: The text, safe to write to a terminal.
    /// - Complexity: O(n) in the length of `text`.
    public static func sanitized(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isUnsafe) else { return text }
        return String(text.map { isUnsafe($0) ? replacement : $0 })
    }

    /// Whether a grapheme cluster holds a character that ``sanitized(_:)`` replaces.
    ///
    /// - Parameter character: One grapheme cluster.
    /// - Returns: `true` when it would be replaced.
    public static func isUnsafe(_ character: Character) -> Bool {
        character.unicodeScalars.contains(where: isUnsafe)
    }

    private static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
