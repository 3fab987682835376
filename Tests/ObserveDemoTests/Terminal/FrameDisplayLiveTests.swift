import ObserveDemoCore
import Testing

/// In-place redrawing fitted to the terminal as it is at each frame.
@MainActor
@Suite struct FrameDisplayLiveTests {
    @Test func framesNeverExceedTheTerminalWidth() {
        let recorder = Recorder(window: Terminal.WindowSize(columns: 80, rows: 30))
        let display = recorder.display(width: 120, followsWindowWidth: false)
        display.show(Self.state("a"))
        #expect(recorder.widths == [80])
        #expect(recorder.written[0].hasPrefix("\u{1B}[K╭"))  // The first frame starts where it is.
        #expect(recorder.written[0].hasSuffix("╯\n\u{1B}[J"))
    }

    @Test func aNarrowerRequestedWidthIsKept() {
        let recorder = Recorder(window: Terminal.WindowSize(columns: 80, rows: 30))
        let display = recorder.display(width: 60, followsWindowWidth: false)
        display.show(Self.state("a"))
        #expect(recorder.widths == [60])
    }

    @Test func framesFollowAResizeAndTheCursorClimbsTheRewrappedRows() {
        let recorder = Recorder(window: Terminal.WindowSize(columns: 80, rows: 30))
        let display = recorder.display(width: 80, followsWindowWidth: true)
        display.show(Self.state("a"))
        display.show(Self.state("b"))
        recorder.window = Terminal.WindowSize(columns: 50, rows: 30)
        display.show(Self.state("c"))
        recorder.window = Terminal.WindowSize(columns: 100, rows: 30)
        display.show(Self.state("d"))
        display.finish()
        #expect(recorder.widths == [80, 80, 50, 100])
        // 11 lines; after the narrowing each 80-column line of "b" has become 2 rows of 50.
        #expect(recorder.cursorUps == [nil, 11, 22, 11])
    }

    @Test func aTerminalTooLowGetsAppendedFramesUntilItGrows() {
        let recorder = Recorder(window: Terminal.WindowSize(columns: 80, rows: TextRenderer.lineCount))
        let display = recorder.display(width: 80, followsWindowWidth: true)
        display.show(Self.state("a"))
        recorder.window = Terminal.WindowSize(columns: 40, rows: 30)
        display.show(Self.state("b"))
        display.show(Self.state("c"))
        display.finish()
        #expect(recorder.widths == [80, 40, 40])
        #expect(recorder.written[0].hasSuffix("╯\n\n") && !recorder.written[0].contains("\u{1B}"))
        #expect(recorder.cursorUps == [nil, nil, 11])
        #expect(display.framesDrawn == 3)
    }

    @Test func aTerminalTooNarrowShowsOneLineInPlaceOfTheFrameUntilItGrows() {
        let recorder = Recorder(window: Terminal.WindowSize(columns: 80, rows: 30))
        let display = recorder.display(width: 80, followsWindowWidth: true)
        display.show(Self.state("a"))
        recorder.window = Terminal.WindowSize(columns: 20, rows: 30)
        display.show(Self.state("b"))
        display.show(Self.state("c"))  // The same notice: not written again.
        recorder.window = Terminal.WindowSize(columns: 40, rows: 30)
        display.show(Self.state("d"))
        display.finish()
        #expect(recorder.written.count == 3)
        // The 80-column frame rewrapped into 4 rows a line at 20 columns: 44 rows up.
        #expect(recorder.cursorUps == [nil, 44, 1])
        #expect(recorder.written[1] == "\u{1B}[44F\u{1B}[Kneed 28 columns\n\u{1B}[J")
        #expect(recorder.widths == [80, 0, 40])
        #expect(display.framesDrawn == 2)  // The notice is no frame.
    }

    @Test func theNarrowNoticeFitsTheTerminal() {
        let recorder = Recorder(window: Terminal.WindowSize(columns: 27, rows: 30))
        let display = recorder.display(width: 80, followsWindowWidth: true)
        display.show(Self.state("a"))
        recorder.window = Terminal.WindowSize(columns: 5, rows: 30)
        display.show(Self.state("b"))
        #expect(
            recorder.written == [
                "\u{1B}[Ktoo narrow: need 28 columns\n\u{1B}[J", "\u{1B}[6F\u{1B}[Kneed…\n\u{1B}[J",
            ])
    }

    @Test func continueBelowKeepsWhatWasWrittenInBetween() {
        let recorder = Recorder(window: Terminal.WindowSize(columns: 80, rows: 30))
        let display = recorder.display(width: 40, followsWindowWidth: false)
        display.show(Self.state("a"))
        display.continueBelow()  // An error line went to the terminal.
        display.show(Self.state("b"))
        display.show(Self.state("c"))
        display.finish()
        #expect(recorder.cursorUps == [nil, nil, 11])
    }

    private static func state(_ screen: String) -> ShellState {
        ShellState(barWidth: 375, tabs: [], plusButton: nil, navigation: nil, screenTitle: screen)
    }
}

/// Records what a display writes, with a window size the test changes between frames.
@MainActor
private final class Recorder {
    var window: Terminal.WindowSize
    var written: [String] = []

    init(window: Terminal.WindowSize) {
        self.window = window
    }

    func display(width: Int, followsWindowWidth: Bool) -> FrameDisplay {
        FrameDisplay(
            mode: .live, renderer: TextRenderer(width: width, usesColor: false), minimumInterval: .zero,
            clock: ManualClock(), windowSize: { [unowned self] in window },
            followsWindowWidth: followsWindowWidth,
            write: { [unowned self] in written.append($0) })
    }

    /// Each frame's width: the display width of its top border.
    var widths: [Int] {
        written.map { text in
            let border = text.split(separator: "\n").first { $0.contains("╭") } ?? ""
            return TerminalText.displayWidth(of: border.drop { $0 != "╭" })
        }
    }

    /// Each frame's cursor-up count (`ESC [ n F`), or `nil` when it starts where the cursor is.
    var cursorUps: [Int?] {
        written.map { text in
            guard text.hasPrefix("\u{1B}["), let end = text.firstIndex(of: "F") else { return nil }
            return Int(text[text.index(text.startIndex, offsetBy: 2)..<end])
        }
    }
}
