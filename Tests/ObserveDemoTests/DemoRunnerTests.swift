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
        #expect(await runner.run() == 1)
        // Whether the first change is held (within a thirtieth of a second) depends on timing;
        // what matters is that the frame after the error line starts below it.
        let error = "\(events.path):2: error: field 'index' value 5 out of range (0..<1)\n"
        let errorIndex = try #require(log.firstIndex(of: error))
        #expect(log.first == "frame")
        #expect(log[errorIndex + 1] == "frame")
        #expect(log.last == "frame over")
    }
}
