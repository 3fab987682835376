import Foundation
import ObserveDemoCore
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct DemoRunnerTests {
    @Test func errorLinesOnTheTerminalAreNotDrawnOver() async throws {
        let folder = try TemporaryDirectory()
        let events = folder.url.appendingPathComponent("events.jsonl")
        try Data(
            """
            {"kind":"badge","tab":1,"value":"5"}
            {"kind":"popTo","index":5}
            {"kind":"badge","tab":1,"value":"7"}
            {"kind":"delay","milliseconds":50}
            {"kind":"badge","tab":1,"value":"8"}

            """.utf8
        ).write(to: events)
        var options = DemoOptions()
        options.source = .events(path: events.path)
        options.width = 40
        var terminal = Terminal(isTerminal: true, columns: 80, prefersNoColor: true)
        terminal.isErrorTerminal = true
        let clock = ManualClock()
        var log: [String] = []
        let (frames, frame) = AsyncStream.makeStream(of: Void.self)
        let runner = DemoRunner(
            options: options, shells: .tabBarModel, terminal: terminal, clock: clock,
            windowSize: { Terminal.WindowSize(columns: 80, rows: 30) },
            writeOutput: {
                // 12 lines up: the frame's 11 and its caption's.
                log.append(
                    $0.hasPrefix("\u{1B}[12F") ? "frame over" : $0.hasPrefix("\u{1B}[K") ? "frame" : $0)
                frame.yield()
            },
            writeError: { log.append($0) })
        let run = Task { await runner.run() }
        // The first state is drawn at once; "5" and "7" come within a frame interval, so they are
        // held. Then the runner sleeps on the delay and the display's pending frame on the interval.
        await clock.waitForSleepers(2)
        let error = "\(events.path):2: error: field 'index' value 5 out of range (0..<1)\n"
        #expect(log == ["frame", error])
        clock.advance(by: FrameDisplay.minimumFrameInterval)
        var frameArrivals = frames.makeAsyncIterator()
        while log.count < 3, await frameArrivals.next() != nil {}
        #expect(log == ["frame", error, "frame"])  // "7", below the error line rather than over it.
        clock.advance(by: .milliseconds(50) - FrameDisplay.minimumFrameInterval)
        // "8" comes within a frame interval of "7": held until the run ends, then drawn over "7".
        #expect(await run.value == .badInput)
        // The refused line is counted as rejected; the delay is not counted.
        let summary = "3 events applied, 1 rejected, 3 frames drawn\n"
        #expect(log == ["frame", error, "frame", "frame over", summary])
    }

    @Test func watchPollsEachIntervalUntilTheDurationEnds() async throws {
        let root = try TemporaryDirectory()
        try root.makeFolders("a", "b")
        var options = DemoOptions()
        options.source = .watch(directory: root.url.path)
        options.format = .json
        options.intervalMilliseconds = 100
        options.durationSeconds = 1
        let clock = ManualClock()
        var output: [String] = []
        let runner = DemoRunner(
            options: options, shells: .tabBarModel,
            terminal: Terminal(isTerminal: false, columns: nil, prefersNoColor: true), clock: clock,
            writeOutput: { output.append($0) }, writeError: { Issue.record("unexpected error: \($0)") })
        let run = Task { await runner.run() }
        await clock.waitForSleepers(2)  // The poll interval and the duration.
        #expect(clock.deadlines.map(\.offset) == [.milliseconds(100), .seconds(1)])
        #expect(output.count == 1)
        try root.makeFiles("b/1", "b/2")
        clock.advance(by: .milliseconds(100))
        await clock.waitForSleepers(2)  // Polled once, and asleep again.
        #expect(clock.deadlines.map(\.offset) == [.milliseconds(200), .seconds(1)])
        #expect(output.count == 2)
        #expect(output.last?.contains(#""badgeValue":"2""#) == true)
        clock.advance(by: .milliseconds(900))
        #expect(await run.value == .success)
        #expect(output.count == 2)  // Nothing changed since.
    }

    @Test func aMissingEventsFileExitsWithTwoAndNamesIt() async {
        let run = await Self.run(.events(path: "/nonexistent/updates.jsonl"))
        #expect(run.status == .cannotRun)
        #expect(run.errors == ["observe-demo: no such events file: '/nonexistent/updates.jsonl'\n"])
        #expect(run.output.isEmpty)
    }

    @Test func aMissingDirectoryExitsWithTwoAndNamesIt() async {
        let run = await Self.run(.watch(directory: "/nonexistent/mail"))
        #expect(run.status == .cannotRun)
        #expect(run.errors == ["observe-demo: no such directory: '/nonexistent/mail'\n"])
        #expect(run.output.isEmpty)
    }

    /// Reading `/proc/self/mem` from its start fails with EIO on Linux: a read error mid-stream.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/mem")))
    func aFailedReadExitsWithTwoAfterTheFirstFrame() async {
        let run = await Self.run(.events(path: "/proc/self/mem"))
        #expect(run.status == .cannotRun)
        #expect(run.errors.count == 1)
        #expect(run.errors.first?.hasPrefix("observe-demo: reading '/proc/self/mem' failed: ") == true)
        #expect(run.output.count == 1)  // The shell as it started.
    }

    @Test func aBadLineAfterGoodOnesExitsWithOne() async throws {
        let folder = try TemporaryDirectory()
        let events = folder.url.appendingPathComponent("events.jsonl")
        let lines = #"{"kind":"badge","tab":1,"value":"5"}"# + "\n" + #"{"kind":"pop"}"# + "\n"
        try Data(lines.utf8).write(to: events)
        let run = await Self.run(.events(path: events.path))
        #expect(run.status == .badInput)
        #expect(run.errors == ["\(events.path):2: error: cannot pop: the stack is at its root\n"])
        #expect(run.output.count == 2)
    }

    @Test func aTerminalTooNarrowForFramesStopsBeforeAnyFrame() async {
        let clock = ManualClock()
        var output: [String] = []
        var errors: [String] = []
        let runner = DemoRunner(
            options: DemoOptions(), shells: .tabBarModel,
            terminal: Terminal(isTerminal: true, columns: 27, prefersNoColor: false), clock: clock,
            windowSize: { Terminal.WindowSize(columns: 27, rows: 40) }, writeOutput: { output.append($0) },
            writeError: { errors.append($0) })
        #expect(await runner.run() == .cannotRun)
        #expect(errors == [DemoError.terminalTooNarrow(columns: 27).message + "\n"])
        #expect(errors.first?.contains("27 columns") == true)
        #expect(output.isEmpty)
        #expect(clock.deadlines.isEmpty)  // The scenario never started.
    }

    @Test func jsonRunsOnATerminalTooNarrowForFrames() async throws {
        let folder = try TemporaryDirectory()
        let events = folder.url.appendingPathComponent("events.jsonl")
        try Data(#"{"kind":"badge","tab":1,"value":"5"}"#.utf8).write(to: events)
        var options = DemoOptions()
        options.source = .events(path: events.path)
        options.format = .json
        var output: [String] = []
        let runner = DemoRunner(
            options: options, shells: .tabBarModel,
            terminal: Terminal(isTerminal: true, columns: 20, prefersNoColor: false), clock: ManualClock(),
            writeOutput: { output.append($0) }, writeError: { Issue.record("unexpected error: \($0)") })
        #expect(await runner.run() == .success)
        #expect(output.count == 2)  // The first state and the badge; no closing line.
        #expect(output.allSatisfy { $0.hasPrefix("{") })
    }

    @Test func textFramesHaveCaptionsAndTheRunEndsWithItsCounts() async throws {
        let folder = try TemporaryDirectory()
        let events = folder.url.appendingPathComponent("events.jsonl")
        try Data(
            """
            {"kind":"badge","tab":1,"value":"1000"}
            {"kind":"delay","milliseconds":0}
            {"kind":"pop"}
            {"kind":"title","tab":2,"title":"Explore"}

            {"kind":"badge","tab":1,"value":"0"}

            """.utf8
        ).write(to: events)
        var options = DemoOptions()
        options.source = .events(path: events.path)
        options.printsEveryFrame = true
        options.width = 60
        var output: [String] = []
        let runner = DemoRunner(
            options: options, shells: .tabBarModel,
            terminal: Terminal(isTerminal: false, columns: nil, prefersNoColor: true), clock: ManualClock(),
            writeOutput: { output.append($0) }, writeError: { _ in })
        #expect(await runner.run() == .badInput)
        let captions = output.dropLast().map { $0.split(separator: "\n").last.map(String.init) ?? "" }
        #expect(
            captions == [
                " 4 tabs, Home selected", #" Messages badge ← "1000": too wide, shown as a dot"#,
                #" Discover renamed "Explore""#, #" Messages badge ← "0": hidden"#,
            ])
        // The refused pop is rejected; the delay and the blank line are neither applied nor rejected.
        #expect(output.last == "3 events applied, 1 rejected, 4 frames drawn\n")
    }

    @Test func watchCaptionsNameTheBadgesSetAndTheFoldersChanged() async throws {
        let root = try TemporaryDirectory()
        try root.makeFolders("a", "b")
        var options = DemoOptions()
        options.source = .watch(directory: root.url.path)
        options.printsEveryFrame = true
        options.intervalMilliseconds = 100
        options.durationSeconds = 1
        let clock = ManualClock()
        var captions: [String] = []
        let runner = DemoRunner(
            options: options, shells: .tabBarModel,
            terminal: Terminal(isTerminal: false, columns: nil, prefersNoColor: true), clock: clock,
            writeOutput: { captions.append($0.split(separator: "\n").last.map(String.init) ?? "") },
            writeError: { Issue.record("unexpected error: \($0)") })
        let run = Task { await runner.run() }
        await clock.waitForSleepers(2)
        try root.makeFiles("a/1", "b/1", "b/2")
        clock.advance(by: .milliseconds(100))
        await clock.waitForSleepers(2)
        try root.makeFolders("c")
        clock.advance(by: .milliseconds(100))
        await clock.waitForSleepers(2)
        clock.advance(by: .milliseconds(800))
        #expect(await run.value == .success)
        #expect(
            captions == [
                " 2 tabs, a selected", #" a badge ← "1"; b badge ← "2""#,
                " folders changed: 3 tabs, a selected",
                "3 events applied, 3 frames drawn",  // Two badges set, one rebuild.
            ])
    }

    /// Runs a source with JSON output (no frame-rate limit) and records both streams.
    private static func run(_ source: DemoOptions.Source) async -> (
        status: ExitCode, output: [String], errors: [String]
    ) {
        var options = DemoOptions()
        options.source = source
        options.format = .json
        var output: [String] = []
        var errors: [String] = []
        let runner = DemoRunner(
            options: options, shells: .tabBarModel,
            terminal: Terminal(isTerminal: false, columns: nil, prefersNoColor: true), clock: ManualClock(),
            writeOutput: { output.append($0) }, writeError: { errors.append($0) })
        let status = await runner.run()
        return (status, output, errors)
    }
}
