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
/// The navigation bar is on top (back title, title, right items), the screen's name in the
/// middle, the tab bar at the bottom: badges on the first row, titles and the plus button on
/// the second, a mark under the selected tab on the third. Horizontal positions come from the
/// model's frames (in points) scaled to the width. With colour, the selected tab is orange (the
/// model's selected title colour) and badges are white on red; without it no escape code is
/// written. Every frame has the same number of lines, ``lineCount``, so it can be redrawn in
/// place.
public struct TextRenderer: Sendable {
    /// The number of lines of every frame.
    public static let lineCount = 11

    /// The frame width in columns, borders included; at least 20.
    public var width: Int
    /// Whether ANSI colour codes are written.
    public var usesColor: Bool

    /// Creates a renderer.
    ///
    /// - Parameters:
    ///   - width: The frame width in columns, borders included; values under 20 count as 20.
    ///   - usesColor: Whether ANSI colour codes are written.
    public init(width: Int, usesColor: Bool) {
        self.width = max(width, 20)
        self.usesColor = usesColor
    }

    /// Draws one frame.
    ///
    /// - Parameter state: The snapshot to draw.
    /// - Returns: ``lineCount`` lines, each `width` columns wide, without line breaks.
    public func render(_ state: ShellState) -> [String] {
        let inner = width - 2
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

    private func border(_ left: String, _ right: String) -> String {
        left + String(repeating: "─", count: width - 2) + right
    }

    private func framed(_ row: TextRow) -> String {
        "│" + row.rendered(usesColor: usesColor) + "│"
    }

    private func navigationRow(_ state: ShellState, inner: Int) -> TextRow {
        var row = TextRow(width: inner)
        guard let navigation = state.navigation else {
            row.center(state.screenTitle, in: 0..<inner, style: .bold)
            return row
        }
        let left = navigation.backTitle.map { ["‹ \($0)"] } ?? navigation.leftItems
        row.write(left.joined(separator: "  "), at: 1, limit: inner / 3)
        let right = navigation.rightItems.joined(separator: "  ")
        row.write(right, at: max(inner - 1 - right.count, inner * 2 / 3), limit: inner / 3)
        row.center(navigation.title, in: inner / 3..<inner - inner / 3, style: .bold)
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
        for tab in state.tabs {
            let span = columns(tab.frame)
            let style: TextRow.Style = tab.isSelected ? .selected : .plain
            // A title cut to fit leaves a column free, so that neighbouring titles never touch.
            let room =
                tab.title.count > span.count
                ? span.lowerBound..<max(span.upperBound - 1, span.lowerBound) : span
            let placed = titles.center(tab.title, in: room, style: style)
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
            let wanted = tab.badgeFrame.map { columns($0).lowerBound } ?? span.upperBound - label.count
            let start = max(min(wanted, span.upperBound - label.count), span.lowerBound)
            badges.write(label, at: start, limit: span.upperBound - start, style: .badge)
        }
        if let plus = state.plusButton {
            titles.center("(+)", in: columns(plus), style: .bold)
        }
        return [badges, titles, marks]
    }
}
