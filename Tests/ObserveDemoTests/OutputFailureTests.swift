import Foundation
import ObserveDemoCore
import Testing

/// A write to standard output that fails (a full disk, a closed descriptor) is reported, ends
/// the run with status 2, and stops the writes; before, the runner dropped the error and the
/// program exited 0 having shown nothing.
@MainActor
@Suite(.timeLimit(.minutes(1)))
struct OutputFailureTests {
    /// `/dev/full` fails every write with ENOSPC.
    nonisolated static let hasFullDevice = FileManager.default.isWritableFile(atPath: "/dev/full")

    @Test func aFailedWriteIsReportedOnceAndNothingMoreIsWritten() async throws {
        let folder = try TemporaryDirectory()
        let events = folder.url.appendingPathComponent("events.jsonl")
        let lines = (1...3).map { #"{"kind":"badge","tab":1,"value":"\#($0)"}"# + "\n" }.joined()
        try Data(lines.utf8).write(to: events)
        var options = DemoOptions()
        options.source = .events(path: events.path)
        options.format = .json
        var attempts: [String] = []
        var errors: [String] = []
        let runner = DemoRunner(
            options: options, shells: .tabBarModel,
            terminal: Terminal(isTerminal: false, columns: nil, prefersNoColor: true), clock: ManualClock(),
            writeOutput: { text in
                attempts.append(text)
                if attempts.count >= 2 { throw POSIXError(.ENOSPC) }
            },
            writeError: { errors.append($0) })
        #expect(await runner.run() == .cannotRun)
        // The first state, then the first badge, which failed; the run ended before the next line.
        #expect(attempts.count == 2)
        #expect(attempts.last?.contains(#""badgeValue":"1""#) == true)
        #expect(errors == ["observe-demo: writing to standard output failed: No space left on device\n"])
    }

    @Test func aBadLineAndAFailedWriteExitWithTheGraverTwo() async throws {
        let folder = try TemporaryDirectory()
        let events = folder.url.appendingPathComponent("events.jsonl")
        let lines = #"{"kind":"pop"}"# + "\n" + #"{"kind":"badge","tab":1,"value":"5"}"# + "\n"
        try Data(lines.utf8).write(to: events)
        var options = DemoOptions()
        options.source = .events(path: events.path)
        options.format = .json
        var attempts = 0
        var errors: [String] = []
        let runner = DemoRunner(
            options: options, shells: .tabBarModel,
            terminal: Terminal(isTerminal: false, columns: nil, prefersNoColor: true), clock: ManualClock(),
            writeOutput: { _ in
                attempts += 1
                if attempts >= 2 { throw POSIXError(.EBADF) }
            },
            writeError: { errors.append($0) })
        #expect(await runner.run() == .cannotRun)
        #expect(
            errors == [
                "\(events.path):1: error: cannot pop: the stack is at its root\n",
                "observe-demo: writing to standard output failed: Bad file descriptor\n",
            ])
    }

    /// The built-in scenario ends at its next event after a failed write, rather than playing on
    /// (a manual clock that is never advanced would hold it at its first delay).
    @Test func theScenarioEndsAtItsNextEventAfterAFailedWrite() async {
        let (status, attempts, errors) = await runWithFullOutput(DemoOptions(), clock: ManualClock())
        #expect(status == .cannotRun)
        #expect(attempts == 1)
        #expect(errors == ["observe-demo: writing to standard output failed: No space left on device\n"])
    }

    /// Without `--duration`, `--watch` runs until interrupted; with its output gone it ends at its
    /// next poll instead of polling on for no one.
    @Test func aWatchRunEndsAtItsNextPollAfterAFailedWrite() async throws {
        let root = try TemporaryDirectory()
        try root.makeFolders("a", "b")
        var options = DemoOptions()
        options.source = .watch(directory: root.url.path)
        options.format = .json
        options.intervalMilliseconds = 10
        let (status, attempts, errors) = await runWithFullOutput(options, clock: ContinuousClock())
        #expect(status == .cannotRun)
        #expect(attempts == 1)
        #expect(errors == ["observe-demo: writing to standard output failed: No space left on device\n"])
    }

    /// Runs `options` with an output whose every write fails (no space left on the device):
    /// the run's status, how many writes it tried and what it wrote to standard error.
    private func runWithFullOutput<C: Clock>(_ options: DemoOptions, clock: C) async
        -> (status: ExitCode, attempts: Int, errors: [String])
    where C.Duration == Duration {
        var attempts = 0
        var errors: [String] = []
        let runner = DemoRunner(
            options: options, shells: .tabBarModel,
            terminal: Terminal(isTerminal: false, columns: nil, prefersNoColor: true), clock: clock,
            writeOutput: { _ in
                attempts += 1
                throw POSIXError(.ENOSPC)
            },
            writeError: { errors.append($0) })
        let status = await runner.run()
        return (status, attempts, errors)
    }

    /// A Foundation file handle wraps the `errno` in an error of its own; the message gives the
    /// system's words, not the wrapper's ("There isn't enough space").
    @Test(.enabled(if: hasFullDevice)) func aFileHandlesFailureIsNamedInTheSystemsWords() async throws {
        let folder = try TemporaryDirectory()
        let events = folder.url.appendingPathComponent("events.jsonl")
        try Data(#"{"kind":"badge","tab":1,"value":"5"}"#.utf8).write(to: events)
        var options = DemoOptions()
        options.source = .events(path: events.path)
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        var errors: [String] = []
        let runner = DemoRunner(
            options: options, shells: .tabBarModel,
            terminal: Terminal(isTerminal: false, columns: nil, prefersNoColor: true), clock: ManualClock(),
            writeOutput: { try full.write(contentsOf: Data($0.utf8)) }, writeError: { errors.append($0) })
        #expect(await runner.run() == .cannotRun)
        #expect(errors == ["observe-demo: writing to standard output failed: No space left on device\n"])
    }

    @Test(.enabled(if: hasFullDevice), arguments: [["--speed", "1000"], ["--help"], ["--version"]])
    func theProgramExitsWithTwoWhenItsOutputIsAFullDevice(arguments: [String]) async throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let run = try await DemoProcess.run(arguments, standardOutput: full)
        #expect(run.status == 2)
        #expect(run.error == "observe-demo: writing to standard output failed: No space left on device\n")
    }
}
