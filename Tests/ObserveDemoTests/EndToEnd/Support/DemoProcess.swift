import Foundation
import Testing

/// Runs the built `observe-demo` executable and records what it wrote, for end-to-end tests.
///
/// Output goes to temporary files rather than pipes, so a chatty run can never block on a full
/// pipe, and a test can read the output while the process still runs.
final class DemoProcess {
    let process = Process()
    private let directory: TemporaryDirectory
    private let outputURL: URL
    private let errorURL: URL

    /// Starts the executable with these arguments and, if given, this standard input.
    ///
    /// The environment is the test's, with `NO_COLOR=1` and then `environment` applied (a `nil`
    /// value removes the variable). With `terminal`, standard output is that terminal, read by
    /// ``PseudoTerminal/output``, and ``output`` stays empty; so it does with `standardOutput`,
    /// which is then standard output (`/dev/full`, say).
    init(
        _ arguments: [String], input: String? = nil, environment changes: [String: String?] = [:],
        terminal: PseudoTerminal? = nil, standardOutput: FileHandle? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        directory = try TemporaryDirectory()
        outputURL = directory.url.appendingPathComponent("stdout")
        errorURL = directory.url.appendingPathComponent("stderr")
        try Data().write(to: outputURL)
        try Data().write(to: errorURL)
        process.executableURL = try Self.executable(sourceLocation: sourceLocation)
        process.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        for (name, value) in changes { environment[name] = value }
        process.environment = environment
        process.standardOutput =
            try terminal?.secondary ?? standardOutput ?? FileHandle(forWritingTo: outputURL)
        process.standardError = try FileHandle(forWritingTo: errorURL)
        if let input {
            let inputURL = directory.url.appendingPathComponent("stdin")
            try Data(input.utf8).write(to: inputURL)
            process.standardInput = try FileHandle(forReadingFrom: inputURL)
        } else {
            process.standardInput = FileHandle.nullDevice
        }
        try process.run()
        if let terminal {
            terminal.startReading()
            try terminal.secondary.close()  // The process holds its own; reading ends when it exits.
        }
    }

    /// Runs the executable to its end.
    ///
    /// - Returns: The exit status, standard output and standard error.
    static func run(
        _ arguments: [String], input: String? = nil, environment: [String: String?] = [:],
        standardOutput: FileHandle? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (status: Int32, output: String, error: String) {
        let demo = try DemoProcess(
            arguments, input: input, environment: environment, standardOutput: standardOutput,
            sourceLocation: sourceLocation)
        let status = try await demo.waitForExit()
        return (status, demo.output, demo.errorOutput)
    }

    /// Runs the executable to its end with a terminal of this size as its standard output.
    ///
    /// - Returns: The exit status, what reached the terminal, and standard error (a file).
    static func runOnTerminal(
        _ arguments: [String], columns: Int, rows: Int = 40, environment: [String: String?],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> (status: Int32, output: String, error: String) {
        let terminal = try PseudoTerminal(columns: columns, rows: rows)
        let demo = try DemoProcess(
            arguments, environment: environment, terminal: terminal, sourceLocation: sourceLocation)
        let status = try await demo.waitForExit()
        try await terminal.waitForEnd()
        return (status, terminal.output, demo.errorOutput)
    }

    /// What the process has written to standard output so far.
    var output: String { (try? String(contentsOf: outputURL, encoding: .utf8)) ?? "" }

    /// What the process has written to standard error so far.
    var errorOutput: String { (try? String(contentsOf: errorURL, encoding: .utf8)) ?? "" }

    /// Waits for the process to exit, killing it after `timeout`.
    ///
    /// - Returns: Its exit status.
    func waitForExit(timeout: Duration = .seconds(10)) async throws -> Int32 {
        let deadline = ContinuousClock.now + timeout
        while process.isRunning {
            guard ContinuousClock.now < deadline else {
                process.terminate()
                Issue.record("observe-demo \(process.arguments ?? []) did not exit within \(timeout)")
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        process.waitUntilExit()
        return process.terminationStatus
    }

    /// Ends a run that has no end of its own (`--watch` without `--duration`) with `SIGTERM`,
    /// and waits for the process to exit.
    func stop() {
        process.terminate()
        process.waitUntilExit()
    }

    /// Waits until standard error contains `text` (or `timeout` passes).
    func waitForErrorOutput(containing text: String, timeout: Duration = .seconds(5)) async throws {
        let deadline = ContinuousClock.now + timeout
        while !errorOutput.contains(text), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits until a line of standard output satisfies `isWanted` (or `timeout` passes).
    func waitForOutputLine(timeout: Duration = .seconds(10), where isWanted: (Substring) -> Bool) async throws
    {
        let deadline = ContinuousClock.now + timeout
        while !output.split(separator: "\n").contains(where: isWanted), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// Waits until standard output has at least `count` lines (or `timeout` passes).
    func waitForOutputLines(_ count: Int, timeout: Duration = .seconds(5)) async throws {
        let deadline = ContinuousClock.now + timeout
        while output.split(separator: "\n").count < count, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// The built `observe-demo`: in the products directory that also holds the test bundle.
    ///
    /// The test runner is in that directory on Linux (`Bundle.main`), the `.xctest` bundle is
    /// in it on macOS, and `swift build` places the executables there. `OBSERVE_DEMO` overrides.
    private static func executable(sourceLocation: SourceLocation) throws -> URL {
        let environment = ProcessInfo.processInfo.environment
        var candidates = environment["OBSERVE_DEMO"].map { [URL(fileURLWithPath: $0)] } ?? []
        for base in [Bundle.main.bundleURL, Bundle(for: DemoProcess.self).bundleURL] {
            candidates.append(base.appendingPathComponent("observe-demo"))
            candidates.append(base.deletingLastPathComponent().appendingPathComponent("observe-demo"))
        }
        let found = candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
        return try #require(
            found, "observe-demo not built; looked at \(candidates.map(\.path)). Run 'swift build' first.",
            sourceLocation: sourceLocation)
    }
}
