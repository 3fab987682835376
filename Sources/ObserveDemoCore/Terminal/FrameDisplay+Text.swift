extension FrameDisplay {
    /// Makes the next frame start below what is on the terminal now instead of over the last
    /// frame; call after writing something else there, such as an error line on standard error,
    /// so that it stays visible.
    public func continueBelow() {
        frameInPlace = nil
    }

    /// Writes a frame after the last one, followed by a blank line; skipped when it reads the
    /// same as the last (a change out of sight, such as a badge behind the hidden tab bar).
    func appendFrame(_ lines: [String]) {
        guard lines != lastText else { return }
        lastText = lines
        frameInPlace = nil
        write(lines.joined(separator: "\n") + "\n\n")
    }

    /// Draws a frame over the last one, fitted to the terminal's size as it is now.
    func drawLive(_ state: ShellState) {
        var renderer = renderer
        let window = windowSize()
        if let window {
            renderer.width = followsWindowWidth ? window.columns : min(renderer.width, window.columns)
            // Too narrow, the lines would wrap; too low, the top would scroll out of reach.
            guard window.columns >= TextRenderer.minimumWidth, window.rows > TextRenderer.lineCount else {
                appendFrame(renderer.render(state))
                return
            }
        }
        let lines = renderer.render(state)
        guard lines != lastText else { return }
        lastText = lines
        var text = ""
        if let previous = frameInPlace {
            // A terminal narrowed since then has rewrapped each line of the last frame into
            // several rows; the cursor goes up by all of them.
            let rowsPerLine = window.map { (previous.width + $0.columns - 1) / $0.columns } ?? 1
            text = "\u{1B}[\(previous.lineCount * max(rowsPerLine, 1))F"
        }
        // Erase each line before writing it (not after: at the last column, erasing would take
        // the border with it), then whatever a taller earlier frame left below.
        text += lines.map { "\u{1B}[K" + $0 + "\n" }.joined() + "\u{1B}[J"
        frameInPlace = (lines.count, renderer.width)
        write(text)
    }
}
