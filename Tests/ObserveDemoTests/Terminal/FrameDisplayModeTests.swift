import Foundation
import ObserveDemoCore
import Testing

/// How the options and the standard streams choose the way frames are written.
@Suite struct FrameDisplayModeTests {
    @Test func noColorKeepsRedrawingInPlace() {
        let terminal = Terminal(isTerminal: true, columns: 80, prefersNoColor: true)
        #expect(terminal.redrawsInPlace)
        #expect(!terminal.usesColor)
        #expect(FrameDisplay.Mode(options: DemoOptions(), terminal: terminal) == .live)
    }

    @Test func aDumbTerminalGetsNoColourAndAppendedFrames() {
        let dumb = Terminal(isTerminal: true, columns: 80, environment: ["TERM": "dumb"])
        #expect(dumb.isDumb)
        #expect(!dumb.usesColor)
        #expect(!dumb.redrawsInPlace)
        #expect(FrameDisplay.Mode(options: DemoOptions(), terminal: dumb) == .append)
        let xterm = Terminal(isTerminal: true, columns: 80, environment: ["TERM": "xterm-256color"])
        #expect(xterm.usesColor && xterm.redrawsInPlace)
        #expect(FrameDisplay.Mode(options: DemoOptions(), terminal: xterm) == .live)
    }

    @Test func noColorCountsOnlyWhenNotEmpty() {
        #expect(Terminal(isTerminal: true, columns: 80, environment: ["NO_COLOR": "1"]).prefersNoColor)
        #expect(!Terminal(isTerminal: true, columns: 80, environment: ["NO_COLOR": ""]).prefersNoColor)
        #expect(!Terminal(isTerminal: true, columns: 80, environment: [:]).prefersNoColor)
    }

    @Test func aTerminalNarrowerThanTheNarrowestFrameIsTooNarrow() {
        let narrowest = TextRenderer.minimumWidth
        #expect(
            Terminal(isTerminal: true, columns: narrowest - 1, prefersNoColor: false).isTooNarrowForFrames)
        #expect(!Terminal(isTerminal: true, columns: narrowest, prefersNoColor: false).isTooNarrowForFrames)
        #expect(!Terminal(isTerminal: true, columns: nil, prefersNoColor: false).isTooNarrowForFrames)
        #expect(!Terminal(isTerminal: false, columns: 10, prefersNoColor: false).isTooNarrowForFrames)
    }

    @Test func eventsTypedAtTheTerminalAreAppended() {
        var typed = DemoOptions()
        typed.source = .events(path: "-")
        var terminal = Terminal(isTerminal: true, columns: 80, prefersNoColor: false)
        #expect(FrameDisplay.Mode(options: typed, terminal: terminal) == .live)  // Piped in.
        terminal.isInputTerminal = true
        #expect(FrameDisplay.Mode(options: typed, terminal: terminal) == .append)
        var file = DemoOptions()
        file.source = .events(path: "updates.jsonl")
        #expect(FrameDisplay.Mode(options: file, terminal: terminal) == .live)
    }

    @Test func standardInputIsCheckedForATerminal() {
        // It never was: the typing case above could not happen.
        #expect(Terminal.standardOutput.isInputTerminal == (isatty(STDIN_FILENO) == 1))
    }

    @Test func jsonAndEveryFrameWinOverTheTerminal() {
        let terminal = Terminal(isTerminal: true, columns: 80, prefersNoColor: false)
        var json = DemoOptions()
        json.format = .json
        json.printsEveryFrame = true
        #expect(FrameDisplay.Mode(options: json, terminal: terminal) == .json)
        var everyFrame = DemoOptions()
        everyFrame.printsEveryFrame = true
        #expect(FrameDisplay.Mode(options: everyFrame, terminal: terminal) == .everyFrame)
        let piped = Terminal(isTerminal: false, columns: nil, prefersNoColor: false)
        #expect(FrameDisplay.Mode(options: DemoOptions(), terminal: piped) == .append)
    }
}
