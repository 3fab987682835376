extension FrameDisplay {
    /// Makes the next frame start below what is on the terminal now instead of over the last
    /// frame; call after writing something else there, such as an error line on standard error,
    /// so that it stays visible.
    public func continueBelow() {
        frameInPlace = nil
    }

    /// The lines of a text frame: the frame, then its caption, if any.
    func lines(_ state: ShellState, caption: String?, renderer: TextRenderer) -> [String] {
        let frame = renderer.render(state)
        guard let caption else { return frame }
        return frame + [renderer.captionLine(caption)]
    }

    /// Writes a frame after the last one, followed by a blank line; skipped when it reads the
    /// same as the last (a change out of sight, such as a badge behind the hidden tab bar, that
    /// comes without a caption saying so).
    func appendFrame(_ lines: [String]) {
        guard lines != lastText else { return }
        lastText = lines
        frameInPlace = nil
        framesDrawn += 1
        write(lines.joined(separator: "\n") + "\n\n")
    }

    /// Draws a frame over the last one, fitted to the terminal's size as it is now.
    ///
    /// On a terminal narrower than ``TextRenderer/minimumWidth``, where the frame would wrap, one
    /// line asking to widen it takes the frame's place; on one not taller than the frame, where
    /// its top would scroll out of reach, the frame is appended instead.
    func drawLive(_ state: ShellState, caption: String?) {
        var renderer = renderer
        let window = windowSize()
        let lines: [String]
        let isNotice = window.map { $0.columns < TextRenderer.minimumWidth } ?? false
        if let window, isNotice {
            lines = [TextRenderer.narrowNotice(columns: window.columns)]
        } else {
            if let window {
                renderer.width = followsWindowWidth ? window.columns : min(renderer.width, window.columns)
            }
            lines = self.lines(state, caption: caption, renderer: renderer)
            if let window, window.rows <= lines.count {
                appendFrame(lines)
                return
            }
        }
        guard lines != lastText else { return }
        lastText = lines
        if !isNotice { framesDrawn += 1 }
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
        let width = isNotice ? lines.map { TerminalText.displayWidth(of: $0) }.max() ?? 0 : renderer.width
        frameInPlace = (lines.count, width)
        write(text)
    }
}
