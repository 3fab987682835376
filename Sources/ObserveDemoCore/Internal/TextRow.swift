/// One line of a frame under construction: a fixed number of cells, each a character and a style.
///
/// Writing clips at the row's ends; styles become ANSI codes only when rendered with colour.
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

    private var cells: [(character: Character, style: Style)]

    init(width: Int) {
        cells = Array(repeating: (" ", .plain), count: max(width, 0))
    }

    /// Writes text from `column` on, at most `limit` characters (ending in "…" when cut).
    mutating func write(_ text: String, at column: Int, limit: Int = .max, style: Style = .plain) {
        let fitted = Self.fit(text, to: min(limit, cells.count - column))
        for (offset, character) in fitted.enumerated() where cells.indices.contains(column + offset) {
            cells[column + offset] = (character, style)
        }
    }

    /// Writes text centred in the columns `span`, cut to fit.
    ///
    /// - Returns: The columns written.
    @discardableResult
    mutating func center(_ text: String, in span: Range<Int>, style: Style = .plain) -> Range<Int> {
        let fitted = Self.fit(text, to: span.count)
        let start = span.lowerBound + (span.count - fitted.count) / 2
        write(fitted, at: start, style: style)
        return start..<start + fitted.count
    }

    func rendered(usesColor: Bool) -> String {
        guard usesColor else { return String(cells.map(\.character)) }
        var result = ""
        var current = Style.plain
        for cell in cells {
            if cell.style != current {
                result += Style.plain.code + (cell.style == .plain ? "" : cell.style.code)
                current = cell.style
            }
            result.append(cell.character)
        }
        return current == .plain ? result : result + Style.plain.code
    }

    private static func fit(_ text: String, to limit: Int) -> String {
        guard limit > 0 else { return "" }
        guard text.count > limit else { return text }
        return String(text.prefix(limit - 1)) + "…"
    }
}
