import Foundation
import ObserveDemoCore
import Testing

/// Runs the built executable, as a person or a script would.
@Suite struct EndToEndTests {
    @Test func scenarioEndsInTheDocumentedState() async throws {
        let run = try await DemoProcess.run(["--format", "json", "--speed", "100"])
        #expect(run.error == "")
        #expect(run.status == 0)
        let states = try run.output.split(separator: "\n").map { try JSONState(String($0)) }
        let last = try #require(states.last)
        #expect(last.titles == Scenario.finalTabTitles)
        #expect(last.badgeValues == Scenario.finalBadgeValues)
        #expect(last.badgeContents == ["hidden", "text", "text", "text"])
        #expect(last.selectedIndex == 0)
        #expect(last.stack == ["Home"])
        #expect(last.backTitle == nil)
        #expect(last.isTabBarHidden == false)
        // What happens on the way: a dot, a cleared badge, a push with its back title, a pop.
        #expect(states.contains { $0.badgeValues[1] == "1000" && $0.badgeContents[1] == "dot" })
        #expect(states.contains { $0.badgeValues[1] == "0" && $0.badgeContents[1] == "hidden" })
        #expect(
            states.contains { $0.stack == ["Home", "Post"] && $0.backTitle == "Home" && $0.isTabBarHidden })
        #expect(states.contains { $0.stack == ["Home", "Post", "Comments"] && $0.backTitle == "Post" })
        // The plus button is tapped while the tab bar shows, and the compose screen dismissed.
        #expect(states.contains { $0.presented == "Compose" && !$0.isTabBarHidden })
        #expect(last.presented == nil)
        #expect(states.count > 30)
    }

    @Test func badLinesAreReportedAndGoodLinesAllTakeEffect() async throws {
        let folder = try TemporaryDirectory()
        let events = folder.url.appendingPathComponent("events.jsonl")
        try Data(Self.eventsWithThreeBadLines.utf8).write(to: events)
        let run = try await DemoProcess.run(["--events", events.path, "--format", "json"])
        #expect(run.status == 1)
        #expect(
            run.error == """
                \(events.path):2: error: \(Self.secondLineError)
                \(events.path):4: error: unknown event kind 'bagde'
                \(events.path):6: error: field 'tab' value 9 out of range (0..<4)

                """)
        let last = try JSONState(String(try #require(run.output.split(separator: "\n").last)))
        #expect(last.badgeValues == ["3", "1000", nil, nil])
        #expect(last.badgeContents == ["text", "dot", "hidden", "hidden"])
        #expect(last.titles == ["Home", "Messages", "Explore", "Me"])
        #expect(last.selectedIndex == 3)
    }

    @Test func strictStopsAtTheFirstBadLine() async throws {
        let run = try await DemoProcess.run(
            ["--events", "-", "--format", "json", "--strict"], input: Self.eventsWithThreeBadLines)
        #expect(run.status == 1)
        #expect(run.error == "<stdin>:2: error: \(Self.secondLineError)\n")
        let last = try JSONState(String(try #require(run.output.split(separator: "\n").last)))
        #expect(last.badgeValues == ["3", nil, nil, nil])
    }

    @Test func watchFollowsFilesCreatedAndDeleted() async throws {
        let root = try TemporaryDirectory()
        try root.makeFolders("a", "b")
        try root.makeFiles("a/1")
        // No `--duration`: a fixed run time raced the steps below on a busy machine under
        // AddressSanitizer (the run ended before it saw the new files); the test stops it.
        let demo = try DemoProcess(["--watch", root.url.path, "--interval", "40", "--format", "json"])
        try await demo.waitForOutputLines(1, timeout: .seconds(30))
        try root.makeFiles("b/1", "b/2")
        // Each change is awaited in the output, not given a fixed time: a sanitizer or a busy
        // machine slows the process down.
        try await demo.waitForOutputLine(timeout: .seconds(30)) {
            (try? JSONState(String($0)))?.badgeValues == ["1", "2"]
        }
        try root.removeFiles("a/1")
        try await demo.waitForOutputLine(timeout: .seconds(30)) {
            (try? JSONState(String($0)))?.badgeValues == [nil, "2"]
        }
        demo.stop()
        #expect(demo.errorOutput == "")
        let states = try demo.output.split(separator: "\n").map { try JSONState(String($0)) }
        #expect(states.first?.titles == ["a", "b"])
        #expect(states.first?.badgeValues == ["1", nil])
        #expect(states.contains { $0.badgeValues == ["1", "2"] })
        #expect(states.last?.badgeValues == [nil, "2"])
    }

    @Test func watchNotesLeftOutFoldersOncePerCount() async throws {
        let root = try TemporaryDirectory()
        try root.makeFolders("a", "b", "c", "d", "e", "f", "g")
        // No `--duration`: a fixed run time raced the steps below on a busy machine under
        // AddressSanitizer (the run ended before it saw the eighth folder).
        let demo = try DemoProcess(["--watch", root.url.path, "--interval", "40", "--format", "json"])
        try await demo.waitForOutputLines(1, timeout: .seconds(30))
        try await Task.sleep(for: .milliseconds(300))  // Several polls: no repeated note.
        try root.makeFolders("h")
        // Waiting for the note (not for a fixed time) keeps the test independent of how slowly
        // the process starts (sanitizers, a busy machine).
        try await demo.waitForErrorOutput(containing: "of 8 folders", timeout: .seconds(30))
        try await Task.sleep(for: .milliseconds(300))  // Several more polls: no repeated note.
        demo.stop()
        #expect(
            demo.errorOutput == """
                observe-demo: showing the first 5 of 7 folders
                observe-demo: showing the first 5 of 8 folders

                """)
    }

    @Test func usageAndMissingSourcesExitWithTwoAndNameTheProblem() async throws {
        let unknown = try await DemoProcess.run(["--colour"])
        #expect(unknown.status == 2)
        #expect(unknown.error.hasPrefix("observe-demo: unknown option '--colour'\n"))
        let interval = try await DemoProcess.run(["--interval", "100"])
        #expect(interval.status == 2)
        #expect(interval.error.hasPrefix("observe-demo: option '--interval' applies only to '--watch'\n"))
        let missing = try await DemoProcess.run(["--watch", "/nonexistent/observe-demo"])
        #expect(missing.status == 2)
        #expect(missing.error == "observe-demo: no such directory: '/nonexistent/observe-demo'\n")
        let events = try await DemoProcess.run(["--events", "/nonexistent/observe-demo.jsonl"])
        #expect(events.status == 2)
        #expect(events.error == "observe-demo: no such events file: '/nonexistent/observe-demo.jsonl'\n")
        #expect(events.output == "")
    }

    @Test func helpAndVersionGoToStandardOutputWithZero() async throws {
        let help = try await DemoProcess.run(["--help"])
        #expect(help.status == 0)
        #expect(help.error == "")
        #expect(help.output == DemoCommand.usageText + "\n")
        let version = try await DemoProcess.run(["--version"])
        #expect(version.status == 0)
        #expect(version.error == "")
        #expect(version.output == DemoCommand.versionText + "\n")
    }

    @Test func escapesInEventsReachNeitherOutputRaw() async throws {
        let events = #"""
            {"kind":"title","tab":0,"title":"\u001b[2Jboom"}
            {"kind":"\u001b[2J"}

            """#
        let run = try await DemoProcess.run(["--events", "-", "--width", "40"], input: events)
        #expect(run.status == 1)
        #expect(run.error == "<stdin>:2: error: unknown event kind '\u{FFFD}[2J'\n")
        #expect(!run.output.contains("\u{1B}"))
        #expect(run.output.contains("│\u{FFFD}[2Jboom "))
    }

    @Test func folderNamesWithControlsKeepTheFrameWhole() async throws {
        let root = try TemporaryDirectory()
        try root.makeFolders("\u{1B}[2Jevil", "new\nline", "tab\tbed")
        let run = try await DemoProcess.run(["--watch", root.url.path, "--duration", "0.3", "--width", "40"])
        #expect(run.status == 0)
        let frame = try #require(TextTranscript(run.output).frames.first)
        #expect(frame.lines.count == TextRenderer.lineCount)
        #expect(frame.lines[8] == "│ �[2Jevil   (+)     new�line  tab�bed │")
        #expect(frame.caption == "3 tabs, �[2Jevil selected")  // The caption is made safe too.
        #expect(!run.output.contains("\u{1B}") && !run.output.contains("\t"))
    }

    /// The frame-rate limit with the real clock: 300 updates arrive faster than 30 frames a second
    /// can show them; frames are dropped, never the final state.
    @Test func framesAreThrottledToThirtyASecondAndTheLastStateIsDrawn() async throws {
        let updates = (1...300).map { #"{"kind":"badge","tab":1,"value":"\#($0)"}"# }
        let events = (updates + [#"{"kind":"title","tab":2,"title":"Last"}"#]).joined(separator: "\n")
        let start = ContinuousClock.now
        let run = try await DemoProcess.run(["--events", "-", "--width", "60"], input: events + "\n")
        let seconds = Double((ContinuousClock.now - start).components.seconds) + 1
        #expect(run.status == 0)
        #expect(run.error == "")
        let transcript = TextTranscript(run.output)
        let frames = transcript.frames
        // One frame at the start, at most one per thirtieth of a second after it, and the held one
        // at the end; the run took less than `seconds`.
        #expect(frames.count <= Int(seconds * 30) + 2)
        #expect(frames.count < updates.count)
        let last = try #require(frames.last)
        #expect(last.lines.joined().contains("Last") && last.lines.joined().contains("300"))
        #expect(last.caption == #"Discover renamed "Last""#)
        #expect(transcript.summary == "\(updates.count + 1) events applied, \(frames.count) frames drawn")
    }

    @Test func plainTextFramesHaveNoEscapeCodes() async throws {
        let run = try await DemoProcess.run(["--speed", "100", "--width", "50"])
        #expect(run.status == 0)
        #expect(!run.output.contains("\u{1B}"))
        let lastFrame = try #require(TextTranscript(run.output).frames.last)
        #expect(lastFrame.lines.count == TextRenderer.lineCount)
        #expect(lastFrame.lines.joined().contains("Explore"))
    }

    /// The error of `eventsWithThreeBadLines`' second line, cut short after `"value":`.
    private static let secondLineError =
        "invalid JSON at column 33: expected a value (an object, array, string, number, true, false or null), "
        + "found the end of the line"

    private static let eventsWithThreeBadLines = """
        {"kind":"badge","tab":0,"value":"3"}
        {"kind":"badge","tab":1,"value":
        {"kind":"title","tab":2,"title":"Explore"}
        {"kind":"bagde","tab":1,"value":"4"}
        {"kind":"select","tab":3}
        {"kind":"badge","tab":9,"value":"1"}
        {"kind":"badge","tab":1,"value":"1000"}

        """
}

/// The fields of one `--format json` line that the tests look at.
private struct JSONState {
    var titles: [String] = []
    var badgeValues: [String?] = []
    var badgeContents: [String] = []
    var selectedIndex: Int?
    var stack: [String]?
    var backTitle: String?
    var isTabBarHidden = false
    var presented: String?

    init(_ line: String) throws {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        let tabs = try #require(object["tabs"] as? [[String: Any]])
        titles = tabs.map { $0["title"] as? String ?? "?" }
        badgeValues = tabs.map { $0["badgeValue"] as? String }
        badgeContents = tabs.map { ($0["badge"] as? [String: Any])?["content"] as? String ?? "?" }
        selectedIndex = object["selectedIndex"] as? Int
        let navigation = object["navigation"] as? [String: Any]
        stack = navigation?["stack"] as? [String]
        backTitle = navigation?["backTitle"] as? String
        isTabBarHidden = object["tabBarHidden"] as? Bool ?? false
        presented = object["presented"] as? String
    }
}
