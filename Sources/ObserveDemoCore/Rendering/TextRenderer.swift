/// Draws a ``ShellState`` as a framed picture of the app shell, one string per terminal line.
///
/// ```
/// ╭──────────────────────────────────────────────────────────╮
/// │ ‹ Home                   Post                       More │
/// ├──────────────────────────────────────────────────────────┤
/// │                                                          │
/// │                          Post                            │
/// │                                                          │
/// ├──────────────────────────────────────────────────────────┤
/// │         (5)          ●                                   │
/// │    Home     Messages    (+)     Discover       Me        │
/// │    ━━━━                                                  │
/// ╰──────────────────────────────────────────────────────────╯
/// ```
///
/// The navigation bar is on top (back title, title, right items, a column apart at least), the
/// screen's name in the middle, the tab bar at the bottom: badges on the first row, titles and the plus button on
/// the second (a column apart at least), a mark under the selected tab on the third. Horizontal
/// positions come from the model's frames (in points) scaled to the width. Text is cut with "…"
/// to fit, measured in display columns (a wide character or emoji takes two), and made safe:
/// control characters in titles are drawn as "�" (see ``TerminalText``). With colour, the selected tab is orange (the
/// model's selected title colour) and badges are white on red; without it no escape code is
/// written. Every frame has the same number of lines, ``lineCount``, so it can be redrawn in
/// place.
public struct TextRenderer: Sendable {
    /// The number of lines of every frame.
    public static let lineCount = 11

    /// The narrowest frame, in columns: at this width every tab keeps a letter and "…", the plus
    /// button its "(+)", and labels stay a column apart.
    public static let minimumWidth = 28

    /// The frame width in columns, borders included; frames are drawn at least ``minimumWidth``
    /// wide.
    public var width: Int
    /// Whether ANSI colour codes are written.
    public var usesColor: Bool

    /// Creates a renderer.
    ///
    /// - Parameters:
    ///   - width: The frame width in columns, borders included; values under ``minimumWidth``
    ///     count as ``minimumWidth``.
    ///   - usesColor: Whether ANSI colour codes are written.
    public init(width: Int, usesColor: Bool) {
        self.width = max(width, Self.minimumWidth)
        self.usesColor = usesColor
    }

    /// Draws one frame.
    ///
    /// - Parameter state: The snapshot to draw.
    /// - Returns: ``lineCount`` lines, each `width` columns wide, without line breaks.
    public func render(_ state: ShellState) -> [String] {
        let width = max(width, Self.minimumWidth)
        let inner = width - 2
        func border(_ left: String, _ right: String) -> String {
            left + String(repeating: "─", count: inner) + right
        }
        var lines = [border("╭", "╮")]
        lines.append(framed(navigationRow(state, inner: inner)))
        lines.append(border("├", "┤"))
        var content = TextRow(width: inner)
        content.center(state.presentedTitle.map { "\($0) (presented)" } ?? state.screenTitle, in: 0..<inner)
        lines += [framed(TextRow(width: inner)), framed(content), framed(TextRow(width: inner))]
        lines.append(border("├", "┤"))
        lines += tabBarRows(state, inner: inner).map(framed)
        lines.append(border("╰", "╯"))
        return lines
    }

    private func framed(_ row: TextRow) -> String {
        "│" + row.rendered(usesColor: usesColor) + "│"
    }

    /// The back title (or left items) from the left, the right items from the right, each in at
    /// most a third of the row less a column, and the title centred between them, at least a
    /// column away from each; every part is cut with "…" to fit.
    private func navigationRow(_ state: ShellState, inner: Int) -> TextRow {
        var row = TextRow(width: inner)
        guard let navigation = state.navigation else {
            row.center(state.screenTitle, in: 0..<inner, style: .bold)
            return row
        }
        let side = max(inner / 3 - 1, 0)
        let left = navigation.backTitle.map { ["‹ \($0)"] } ?? navigation.leftItems
        let leftColumns = row.write(left.joined(separator: "  "), at: 1, limit: side)
        let right = navigation.rightItems.joined(separator: "  ")
        let rightStart = inner - 1 - min(TerminalText.displayWidth(of: right), side)
        let rightColumns = row.write(right, at: rightStart, limit: side)
        let lower = leftColumns.isEmpty ? 0 : leftColumns.upperBound + 1
        let upper = max(rightColumns.isEmpty ? inner : rightColumns.lowerBound - 1, lower)
        // Centred in the whole row when there is room, as a navigation bar does; else moved aside.
        let title = TextRow.fit(navigation.title, to: upper - lower)
        let width = TerminalText.displayWidth(of: title)
        row.write(title, at: min(max((inner - width) / 2, lower), upper - width), style: .bold)
        return row
    }

    private func tabBarRows(_ state: ShellState, inner: Int) -> [TextRow] {
        var badges = TextRow(width: inner)
        var titles = TextRow(width: inner)
        var marks = TextRow(width: inner)
        guard !state.isTabBarHidden else {
            titles.center("(tab bar hidden)", in: 0..<inner, style: .dim)
            return [badges, titles, marks]
        }
        let scale = state.barWidth > 0 ? Double(inner) / state.barWidth : 0
        func columns(_ extent: ShellState.Extent) -> Range<Int> {
            let lower = min(max(Int((extent.minX * scale).rounded()), 0), inner)
            let upper = min(max(Int((extent.maxX * scale).rounded()), lower), inner)
            return lower..<upper
        }
        // Labels go left to right, each starting at least a column after the previous one ends.
        var free = 0
        var labels = state.tabs.map { (span: columns($0.frame), tab: Optional($0)) }
        if let plus = state.plusButton { labels.append((columns(plus), nil)) }
        for (span, tab) in labels.sorted(by: { $0.span.lowerBound < $1.span.lowerBound }) {
            let room = max(span.lowerBound, free)..<max(span.upperBound, free)
            guard let tab else {
                let placed = titles.center("(+)", in: room, style: .bold)
                if !placed.isEmpty { free = placed.upperBound + 1 }
                continue
            }
            let style: TextRow.Style = tab.isSelected ? .selected : .plain
            // A title cut to fit leaves a column free, so that its neighbour keeps its own room.
            let fitted =
                TerminalText.displayWidth(of: tab.title) > room.count
                ? room.lowerBound..<max(room.upperBound - 1, room.lowerBound) : room
            let placed = titles.center(tab.title, in: fitted, style: style)
            if !placed.isEmpty { free = placed.upperBound + 1 }
            if tab.isSelected {
                marks.write(
                    String(repeating: "━", count: placed.count), at: placed.lowerBound, style: .selected)
            }
            let label: String
            switch tab.badge {
            case .hidden: continue
            case .dot: label = "●"
            case .text(let text): label = usesColor ? " \(text) " : "(\(text))"
            }
            // The badge sits at its model position, kept inside the button so it never covers a neighbour.
            let labelWidth = TerminalText.displayWidth(of: label)
            let wanted = tab.badgeFrame.map { columns($0).lowerBound } ?? span.upperBound - labelWidth
            let start = max(min(wanted, span.upperBound - labelWidth), span.lowerBound)
            badges.write(label, at: start, limit: span.upperBound - start, style: .badge)
        }
        return [badges, titles, marks]
    }
}
