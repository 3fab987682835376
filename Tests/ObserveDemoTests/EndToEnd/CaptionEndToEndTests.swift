import Foundation
import ObserveDemoCore
import TabBarModel
import Testing

/// The caption under each frame and the closing line, as the built executable writes them.
@Suite struct CaptionEndToEndTests {
    @Test func everyFrameOfTheScenarioSaysWhatItsEventDid() async throws {
        let run = try await DemoProcess.run(["--frames", "--speed", "100", "--width", "64"])
        #expect(run.status == 0)
        #expect(run.error == "")
        let transcript = TextTranscript(run.output)
        let events = Scenario.socialApp.filter { if case .delay = $0 { false } else { true } }
        // `--frames`: the first state, then one frame per event, each with its caption.
        #expect(transcript.frames.count == events.count + 1)
        #expect(
            transcript.summary == "\(events.count) events applied, \(transcript.frames.count) frames drawn")
        let captions = transcript.captions.map { $0 ?? "(none)" }
        #expect(captions.first == "4 tabs, Home selected")
        #expect(captions.last == "select Home")
        let expected = [
            #"Messages badge ← "1000": too wide, shown as a dot"#, #"Discover renamed "Explore""#,
            "select Messages", #"Messages badge ← "0": hidden"#, "select Home",
            #"push "Post": tab bar hidden, back title "Home""#, #"Me badge ← "3": behind the hidden tab bar"#,
            #"push "Comments": back title "Post""#, #"pop "Comments": back title "Home""#,
            #"pop "Post": tab bar shown, at the root"#, #"Home badge ← nil: hidden"#,
            #"plus: "Compose" presented"#, #"dismiss: "Compose" closed"#,
        ]
        // In this order, not necessarily next to each other.
        var rest = captions[...]
        for caption in expected {
            let found = rest.firstIndex(of: caption)
            #expect(found != nil, "no caption \(caption) after the ones before it")
            rest = rest[(found ?? rest.endIndex)...].dropFirst()
        }
        #expect(transcript.frames.allSatisfy { TerminalText.displayWidth(of: $0.caption ?? "") < 64 })
        // The caption goes with the frame that shows what it says.
        let dot = try #require(transcript.frames.first { $0.caption == expected[0] })
        #expect(dot.lines[7].contains("●"))
        let compose = try #require(transcript.frames.first { $0.caption == #"plus: "Compose" presented"# })
        #expect(compose.lines[4].contains("Compose (presented)"))
        #expect(compose.lines[8].contains("(+)"))  // Tapped while the tab bar showed.
    }

    @Test func refusedAndBadLinesGetNoCaptionAndAreCountedAsRejected() async throws {
        let events = """
            {"kind":"badge","tab":1,"value":"5"}
            {"kind":"pop"}
            {"kind":"title","tab":2,"title":"Explore"}
            {"kind":"select","tab":9}
            {"kind":"plus"}
            {"kind":"select","tab":1}
            {"kind":"dismiss"}

            """
        let run = try await DemoProcess.run(["--events", "-", "--frames", "--width", "40"], input: events)
        #expect(run.status == 1)
        #expect(
            run.error == """
                <stdin>:2: error: cannot pop: the stack is at its root
                <stdin>:4: error: field 'tab' value 9 out of range (0..<4)
                <stdin>:6: error: cannot select a tab while 'Compose' is presented

                """)
        let transcript = TextTranscript(run.output)
        #expect(
            transcript.captions == [
                "4 tabs, Home selected", #"Messages badge ← "5""#, #"Discover renamed "Explore""#,
                #"plus: "Compose" presented"#, #"dismiss: "Compose" closed"#,
            ])
        #expect(transcript.summary == "4 events applied, 3 rejected, 5 frames drawn")
    }

    @Test func jsonOutputIsTheSnapshotsAloneWithoutCaptionOrClosingLine() async throws {
        let lines = [
            #"{"kind":"badge","tab":1,"value":"1000"}"#, #"{"kind":"push","title":"Post"}"#,
            #"{"kind":"pop"}"#, #"{"kind":"plus"}"#,
        ]
        let run = try await DemoProcess.run(
            ["--events", "-", "--format", "json"], input: lines.joined(separator: "\n") + "\n")
        #expect(run.status == 0)
        #expect(run.error == "")
        #expect(run.output == (try await Self.expectedJSON(for: lines)))
    }

    @Test func aMissingSourceWritesNoClosingLine() async throws {
        let run = try await DemoProcess.run(["--events", "/nonexistent/observe-demo.jsonl"])
        #expect(run.status == 2)
        #expect(run.output == "")
    }

    /// The JSON lines of the shell's first state and of the state after each event, made here in
    /// the test process from the models.
    @MainActor
    private static func expectedJSON(for lines: [String]) throws -> String {
        let shell = AppShell.socialApp()
        let parser = EventParser(tabCount: shell.tabCount)
        var output = shell.snapshot().jsonLine() + "\n"
        for line in lines {
            try shell.apply(try #require(try parser.parse(line)))
            output += shell.snapshot().jsonLine() + "\n"
        }
        return output
    }
}
