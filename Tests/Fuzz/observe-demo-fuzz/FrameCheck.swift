import ObserveDemoCore

/// Draws a snapshot as the runner does and checks the frame's shape.
enum FrameCheck {
    /// The frame widths drawn: the narrowest, where most text is cut, and a common one.
    static let widths = [TextRenderer.minimumWidth, 80]

    /// Draws the snapshot at each width, with and without colour, and traps unless each frame
    /// has ``TextRenderer/lineCount`` lines and each plain row is exactly as wide as the frame.
    ///
    /// Widths are measured on the drawn row, grapheme cluster by grapheme cluster. The renderer
    /// measures a title's clusters apart and sets them side by side, so a scalar that joins the
    /// cluster beside it (a prepended concatenation mark such as U+0602 before the padding, a
    /// spacing mark after it, a regional indicator, a Hangul jamo, an emoji modifier, a format
    /// character such as U+200D) makes the row measure short where a `wcwidth` terminal
    /// draws it full. Rows of snapshots holding such scalars are drawn but not measured.
    static func check(_ state: ShellState, line: Int) {
        let isMeasurable = shownText(of: state).allSatisfy(keepsToItsCell)
        for width in widths {
            let frame = TextRenderer(width: width, usesColor: false).render(state)
            require(
                frame.count == TextRenderer.lineCount,
                "line \(line): a frame of \(frame.count) lines at width \(width)")
            let colored = TextRenderer(width: width, usesColor: true).render(state)
            require(
                colored.count == TextRenderer.lineCount,
                "line \(line): a coloured frame of \(colored.count) lines at width \(width)")
            guard isMeasurable else { continue }
            for row in frame {
                let columns = TerminalText.displayWidth(of: row)
                require(
                    columns == width, "line \(line): a row of \(columns) columns at width \(width): \(row)")
            }
        }
    }

    /// Every string the frame may show.
    private static func shownText(of state: ShellState) -> [String] {
        var text = [state.screenTitle] + [state.presentedTitle].compactMap(\.self)
        for tab in state.tabs {
            text += [tab.title] + [tab.badgeValue, tab.imageName].compactMap(\.self)
        }
        if let navigation = state.navigation {
            text += navigation.stack + [navigation.title] + [navigation.backTitle].compactMap(\.self)
            text += navigation.leftItems + navigation.rightItems
        }
        return text
    }

    /// Whether no scalar of the text can join a cluster set beside it.
    private static func keepsToItsCell(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { scalar in
            switch scalar.properties.generalCategory {
            case .format, .spacingMark: return false
            default: break
            }
            switch scalar.value {
            case 0x1100...0x11FF, 0xA960...0xA97F, 0xD7B0...0xD7FF: return false  // Hangul jamo
            case 0x1F1E6...0x1F1FF, 0x1F3FB...0x1F3FF: return false  // Regional indicators, modifiers
            case 0x0D4E, 0x111C2, 0x111C3, 0x1193F, 0x11941, 0x11A3A, 0x11A84...0x11A89, 0x11D46, 0x11F02:
                return false  // Prepend letters
            default: return true
            }
        }
    }
}
