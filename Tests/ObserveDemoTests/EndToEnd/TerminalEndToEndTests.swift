import Foundation
import ObserveDemoCore
import Testing

/// The built executable with a terminal (a pseudo-terminal of a chosen size) as its standard
/// output: colour and redrawing, `TERM=dumb`, and a terminal too narrow for a frame.
@Suite struct TerminalEndToEndTests {
    /// What the other tests take away: on an ordinary terminal there is colour and redrawing.
    @Test func anOrdinaryTerminalGetsColourAndFramesRedrawnInPlace() async throws {
        let run = try await DemoProcess.runOnTerminal(
            ["--speed", "100"], columns: 80, environment: ["NO_COLOR": nil, "TERM": "xterm-256color"])
        #expect(run.status == 0)
        #expect(run.error == "")
        #expect(run.output.contains("\u{1B}[1;38;5;208m"))  // The selected tab, orange.
        #expect(run.output.contains("\u{1B}[\(TextRenderer.lineCount + 1)F"))  // Up over frame and caption.
        #expect(run.output.hasSuffix(" frames drawn\n"))
    }

    @Test func aDumbTerminalGetsNeitherColourNorCursorMovement() async throws {
        let run = try await DemoProcess.runOnTerminal(
            ["--speed", "100", "--width", "50"], columns: 80, environment: ["NO_COLOR": nil, "TERM": "dumb"])
        #expect(run.status == 0)
        #expect(run.error == "")
        #expect(!run.output.contains("\u{1B}"))
        let transcript = TextTranscript(run.output)  // Appended, as when piped.
        #expect(transcript.frames.count > 1)
        #expect(
            transcript.frames.allSatisfy { $0.lines.count == TextRenderer.lineCount && $0.caption != nil })
        #expect(transcript.summary?.hasSuffix(" frames drawn") == true)
    }

    @Test func aTerminalTooNarrowForAFrameExitsWithTwoAndNamesItsWidth() async throws {
        let run = try await DemoProcess.runOnTerminal(["--speed", "100"], columns: 20, environment: [:])
        #expect(run.status == 2)
        #expect(
            run.error
                == "observe-demo: the terminal is 20 columns wide; frames need at least 28 (widen it, or use --format json)\n"
        )
        #expect(run.output == "")
    }

    @Test func jsonRunsOnATerminalTooNarrowForAFrame() async throws {
        let run = try await DemoProcess.runOnTerminal(
            ["--speed", "100", "--format", "json"], columns: 20, environment: [:])
        #expect(run.status == 0)
        #expect(run.error == "")
        let lines = run.output.split(separator: "\n")
        #expect(lines.count > 30)
        #expect(lines.allSatisfy { $0.hasPrefix("{") && $0.hasSuffix("}") })
    }
}
