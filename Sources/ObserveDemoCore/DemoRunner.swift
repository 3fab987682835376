import Foundation

/// Runs one `observe-demo` session: feeds the chosen source's updates to a shell and shows each
/// new state.
///
/// Everything runs on the main actor, as the models require; only reading an event stream
/// happens on a thread of its own (see ``EventInput/lines()``). The run ends when the source
/// ends (the scenario or the event stream) or after `--duration`, whichever comes first;
/// `--watch` without `--duration` runs until interrupted.
@MainActor
public final class DemoRunner {
    let options: DemoOptions
    let shells: ShellFactory
    let display: FrameDisplay
    private let writeError: (String) -> Void
    /// Whether error lines appear on the terminal the frames are redrawn on.
    private let errorsShareTheFrameTerminal: Bool
    /// Whether any event line was bad: the exit status is then 1.
    var hasBadInput = false

    /// Creates a runner.
    ///
    /// How frames are written follows ``FrameDisplay/Mode/init(options:terminal:)``; colour is
    /// used on a terminal unless `NO_COLOR` is set. When frames are redrawn in place and
    /// standard error is the terminal too, each error line makes the next frame start below it.
    ///
    /// - Parameters:
    ///   - options: The parsed command line.
    ///   - shells: Makes the shells to drive.
    ///   - terminal: The standard streams' properties, which decide colour, redrawing and width.
    ///   - windowSize: Reads the output terminal's size before each in-place frame; standard
    ///     output's by default.
    ///   - writeOutput: Writes to standard output at once (unbuffered).
    ///   - writeError: Writes to standard error at once.
    public init(
        options: DemoOptions, shells: ShellFactory, terminal: Terminal = .standardOutput,
        windowSize: @escaping () -> Terminal.WindowSize? = { Terminal.windowSize(of: STDOUT_FILENO) },
        writeOutput: @escaping (String) -> Void = {
            try? FileHandle.standardOutput.write(contentsOf: Data($0.utf8))
        },
        writeError: @escaping (String) -> Void = {
            try? FileHandle.standardError.write(contentsOf: Data($0.utf8))
        }
    ) {
        self.options = options
        self.shells = shells
        self.writeError = writeError
        let mode = FrameDisplay.Mode(options: options, terminal: terminal)
        errorsShareTheFrameTerminal = mode == .live && terminal.isErrorTerminal
        let renderer = TextRenderer(
            width: terminal.frameWidth(requested: options.width), usesColor: terminal.usesColor)
        display = FrameDisplay(
            mode: mode, renderer: renderer, windowSize: windowSize, followsWindowWidth: options.width == nil,
            write: writeOutput)
    }

    /// Runs the session to its end.
    ///
    /// - Returns: The exit status: 0 when all input was good, 1 when an event line was bad, 2
    ///   when the source could not be opened (a missing events file or watched directory), with
    ///   the reason on standard error.
    public func run() async -> Int32 {
        let source: @MainActor @Sendable () async throws -> Void
        switch options.source {
        case .scenario: source = { await self.runScenario() }
        case .events(let path): source = { try await self.runEvents(path: path) }
        case .watch(let directory): source = { try await self.watch(directory: directory) }
        }
        do {
            if let seconds = options.durationSeconds {
                try await runWithDeadline(seconds: seconds, source)
            } else {
                try await source()
            }
        } catch {
            // Only opening the source throws: a missing events file or watched directory.
            report("\(error)")
            return 2
        }
        display.finish()
        return hasBadInput ? 1 : 0
    }

    /// Reports a bad line as `FILE:LINE: error: WHAT` on standard error.
    func report(_ error: EventError, in file: String, line: Int) {
        hasBadInput = true
        writeErrorLine(error.diagnostic(file: file, line: line))
    }

    /// Reports a problem that is not about one line, prefixed with the program's name.
    func report(_ message: String) {
        writeErrorLine("observe-demo: \(message)")
    }

    /// Writes one line to standard error, made safe: messages quote input (an unknown kind, a
    /// folder's name) that may hold escape sequences.
    private func writeErrorLine(_ message: String) {
        writeError(TerminalText.sanitized(message) + "\n")
        // Below the frame now: the next frame goes below it rather than over it.
        if errorsShareTheFrameTerminal { display.continueBelow() }
    }

    /// Applies one event (or waits, for `delay`) and shows the new state.
    ///
    /// - Returns: Whether the event was good; a refused one is reported and changes nothing.
    @discardableResult
    func perform(_ event: DemoEvent, on shell: any ShellModel, in file: String, line: Int) async
        -> Bool
    {
        if case .delay(let milliseconds) = event {
            await pause(milliseconds: milliseconds)
            return true
        }
        do {
            try shell.apply(event)
        } catch {
            report(error, in: file, line: line)
            return false
        }
        display.show(shell.snapshot())
        return true
    }

    /// Waits the given time, scaled by `--speed`; returns early (without throwing) when cancelled.
    func pause(milliseconds: Int) async {
        try? await Task.sleep(for: .milliseconds(milliseconds) / options.speed)
    }

    /// Runs the source until it ends or the time is up, whichever comes first.
    private func runWithDeadline(
        seconds: Double, _ source: @escaping @MainActor @Sendable () async throws -> Void
    ) async throws {
        let work = Task { @MainActor in try await source() }
        let timer = Task {
            try await Task.sleep(for: .seconds(seconds))
            work.cancel()  // The sources end quietly when cancelled.
        }
        defer { timer.cancel() }
        try await work.value
    }
}
