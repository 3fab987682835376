/// One line of a frame under construction: a fixed number of columns, each holding a character
/// and a style.
///
/// Text is made safe (``TerminalText/sanitized(_:)``) and measured in display columns
/// (``TerminalText/displayWidth(of:)-(Character)``) as it is written: a wide character takes
/// two columns, the second holding no character of its own, and a zero-width cluster with
/// nothing to attach to is left out. Writing clips at the row's ends and cuts text with "…",
/// never inside a grapheme cluster; writing over half of a wide character blanks its other
/// half. Styles become ANSI codes only when rendered with colour.
struct TextRow {
    enum Style: Equatable {
        case plain, bold, dim, selected, badge

        /// The ANSI select-graphic-rendition code for this style.
        var code: String {
            switch self {
            case .plain: "\u{1B}[0m"
            case .bold: "\u{1B}[1m"
            case .dim: "\u{1B}[2m"
            case .selected: "\u{1B}[1;38;5;208m"
            case .badge: "\u{1B}[97;41m"
            }
        }
    }

    /// A column: its character, or `nil` for the right half of a wide character.
    private struct Cell {
        var character: Character?
        var style: Style
    }

    private var cells: [Cell]

    init(width: Int) {
        cells = Array(repeating: Cell(character: " ", style: .plain), count: max(width, 0))
    }

    /// Writes text from `column` on, at most `limit` columns (ending in "…" when cut).
    ///
    /// - Returns: The columns written.
    @discardableResult
    mutating func write(
        _ text: String, at column: Int, limit: Int = .max, style: Style = .plain
    ) -> Range<Int> {
        guard column >= 0 else { return column..<column }
        var next = column
        for character in Self.fit(text, to: min(limit, cells.count - column)) {
            let width = TerminalText.displayWidth(of: character)
            guard width > 0 else { continue }
            let shown = TerminalText.isUnsafe(character) ? TerminalText.replacement : character
            put(shown, width, at: next, style)
            next += width
        }
        return column..<next
    }

    /// Writes text centred in the columns `span`, cut to fit.
    ///
    /// - Returns: The columns written.
    @discardableResult
    mutating func center(_ text: String, in span: Range<Int>, style: Style = .plain) -> Range<Int> {
        let fitted = Self.fit(text, to: span.count)
        let start = span.lowerBound + (span.count - TerminalText.displayWidth(of: fitted)) / 2
        return write(fitted, at: start, style: style)
    }

    func rendered(usesColor: Bool) -> String {
        guard usesColor else { return String(cells.compactMap(\.character)) }
        var result = ""
        var current = Style.plain
        for cell in cells {
            guard let character = cell.character else { continue }
            if cell.style != current {
                result += Style.plain.code + (cell.style == .plain ? "" : cell.style.code)
                current = cell.style
            }
            result.append(character)
        }
        return current == .plain ? result : result + Style.plain.code
    }

    /// The text cut to at most `limit` columns, ending in "…" when cut, never inside a cluster.
    static func fit(_ text: String, to limit: Int) -> String {
        guard limit > 0 else { return "" }
        guard TerminalText.displayWidth(of: text) > limit else { return text }
        var kept = ""
        var width = 0
        for character in text {
            let next = width + TerminalText.displayWidth(of: character)
            guard next <= limit - 1 else { break }
            kept.append(character)
            width = next
        }
        return kept + "…"
    }

    /// Places one character of `width` columns, blanking the halves of wide characters it covers.
    private mutating func put(_ character: Character, _ width: Int, at column: Int, _ style: Style) {
        let columns = column..<column + width
        guard columns.upperBound <= cells.count else { return }
        if cells[column].character == nil, column > 0 {
            cells[column - 1].character = " "  // The left half of a wide character being covered.
        }
        if columns.upperBound < cells.count, cells[columns.upperBound].character == nil {
            cells[columns.upperBound].character = " "  // The right half of one whose left is covered.
        }
        cells[column] = Cell(character: character, style: style)
        for index in columns.dropFirst() { cells[index] = Cell(character: nil, style: style) }
    }
}
