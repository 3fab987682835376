import ObserveDemoCore

/// The plain text a run writes to standard output, taken apart: frames (each followed by a blank
/// line), then the closing line.
struct TextTranscript {
    /// One frame: its drawing and the caption line under it.
    struct Frame {
        /// The frame's ``TextRenderer/lineCount`` lines.
        var lines: [Substring]
        /// The caption, without the column it is indented by; `nil` when the frame has none.
        var caption: String?
    }

    var frames: [Frame]
    /// The last line, when it follows the frames: the run's closing count.
    var summary: String?

    init(_ output: String) {
        var parts = output.components(separatedBy: "\n\n")
        let last = parts.removeLast()
        summary = last.hasSuffix("\n") && !last.dropLast().contains("\n") ? String(last.dropLast()) : nil
        if summary == nil, !last.isEmpty { parts.append(last) }
        frames = parts.map { part in
            let lines = part.split(separator: "\n", omittingEmptySubsequences: false)
            let frame = Array(lines.prefix(TextRenderer.lineCount))
            let caption = lines.count > TextRenderer.lineCount ? lines[TextRenderer.lineCount] : nil
            return Frame(lines: frame, caption: caption.map { String($0.dropFirst()) })
        }
    }

    /// Each frame's caption, in order.
    var captions: [String?] { frames.map(\.caption) }
}
