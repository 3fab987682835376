extension TextRenderer {
    /// Draws a caption (see ``EventCaption``) as the line under a frame.
    ///
    /// The caption is made safe (``TerminalText/sanitized(_:)``), indented by a column to line up
    /// with the text inside the frame and cut with "…" to fit the frame's width; with colour it is
    /// dim. No spaces pad it to the frame's width.
    ///
    /// - Parameter caption: The caption's text.
    /// - Returns: One line, at most ``width`` columns wide, without a line break.
    /// - Complexity: O(n) in the length of `caption`.
    public func captionLine(_ caption: String) -> String {
        let fitted = TextRow.fit(TerminalText.sanitized(caption), to: max(width, Self.minimumWidth) - 1)
        var row = TextRow(width: 1 + TerminalText.displayWidth(of: fitted))
        row.write(fitted, at: 1, style: .dim)
        return row.rendered(usesColor: usesColor)
    }

    /// The line drawn in place of a frame on a terminal narrower than ``minimumWidth``: a request
    /// to widen it, as long as fits in `columns`.
    ///
    /// - Parameter columns: The terminal's width, less than ``minimumWidth``.
    /// - Returns: `too narrow: need 28 columns`, or `need 28 columns` when that does not fit,
    ///   cut to `columns` columns.
    static func narrowNotice(columns: Int) -> String {
        let long = "too narrow: need \(minimumWidth) columns"
        let short = "need \(minimumWidth) columns"
        return TextRow.fit(TerminalText.displayWidth(of: long) <= columns ? long : short, to: columns)
    }
}
