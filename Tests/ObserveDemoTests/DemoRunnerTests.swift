import Foundation
import ObserveDemoCore
import Testing

@MainActor
@Suite struct DemoRunnerTests {
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
        var log: [String] = []
        let runner = DemoRunner(
            options: options, shells: .tabBarModel, terminal: terminal,
            windowSize: { Terminal.WindowSize(columns: 80, rows: 30) },
            writeOutput: { log.append($0.hasPrefix("\u{1B}[11F") ? "frame over" : "frame") },
            writeError: { log.append($0) })
        #expect(await runner.run() == .badInput)
        // Whether the first change is held (within a thirtieth of a second) depends on timing;
        // what matters is that the frame after the error line starts below it.
        let error = "\(events.path):2: error: field 'index' value 5 out of range (0..<1)\n"
        let errorIndex = try #require(log.firstIndex(of: error))
        #expect(log.first == "frame")
        #expect(log[errorIndex + 1] == "frame")
        #expect(log.last == "frame over")
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
            terminal: Terminal(isTerminal: false, columns: nil, prefersNoColor: true),
            writeOutput: { output.append($0) }, writeError: { errors.append($0) })
        let status = await runner.run()
        return (status, output, errors)
    }
}
