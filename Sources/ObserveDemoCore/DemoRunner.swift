import Foundation

/// Runs one `observe-demo` session: feeds the chosen source's updates to a shell and shows each
/// new state.
///
/// Everything runs on the main actor, as the models require; only reading an event stream
/// happens on a thread of its own (see ``EventInput/lines()``). The run ends when the source
/// ends (the scenario or the event stream) or after `--duration`, whichever comes first;
/// `--watch` without `--duration` runs until interrupted.
///
/// The runner is the one place where the module's layers meet; each has a folder of its own:
///
/// - `Command/`: the command line, parsed into ``DemoCommand`` and ``DemoOptions``.
/// - `Input/`: where updates come from: the event stream (``EventInput``, ``LineSplitter``,
///   ``EventParser``), the built-in ``Scenario`` and the watched directory
///   (``DirectoryScanner``). It produces the shell's ``DemoEvent``s and ``FolderCount``s.
/// - `Shell/`: the app shell over TabBarModel (``ShellModel``, ``AppShell``), the events it
///   takes and the ``ShellState`` snapshots it gives; it uses no other layer.
/// - `Rendering/`: snapshots drawn as text frames or JSON lines (``TextRenderer``), and text
///   made safe and measured for a terminal (``TerminalText``).
/// - `Terminal/`: the standard streams (``Terminal``) and the pacing of frames on them
///   (``FrameDisplay``).
///
/// Input and rendering know nothing of each other: the runner reads from the one, applies to the
/// shell and shows through the other. Errors and exit statuses are mapped in one place,
/// ``DemoError`` and ``ExitCode``.
@MainActor
public final class DemoRunner {
    let options: DemoOptions
    let shells: ShellFactory
    let display: FrameDisplay
    /// Standard output, which keeps the first write that failed.
    private let writeOutput: OutputWriter
    private let writeError: (String) -> Void
    /// Sleeps this long on the runner's clock.
    let sleep: @Sendable (Duration) async throws -> Void
    /// Whether error lines appear on the terminal the frames are redrawn on.
    private let errorsShareTheFrameTerminal: Bool
    /// The width of the terminal the text frames would go to, when it is too narrow for them.
    private let narrowTerminalColumns: Int?
    /// The gravest status met so far: ``ExitCode/success`` until an error is reported.
    private(set) var exitCode = ExitCode.success
    /// The number of events the shell took so far (delays and refused events not counted).
    private(set) var eventsApplied = 0
    /// The number of event lines rejected so far (bad lines and refused events).
    private(set) var eventsRejected = 0
    /// The snapshot taken after the last change, to caption the next one with.
    private var lastState: ShellState?
    /// Whether a write to standard output failed; the run then ends at its next event or poll.
    var outputFailed: Bool { writeOutput.failure != nil }

    /// Creates a runner.
    ///
    /// How frames are written follows ``FrameDisplay/Mode/init(options:terminal:)``; colour is
    /// used on a terminal unless `NO_COLOR` is set or `TERM` is `dumb`. In the text modes each
    /// frame has a caption under it (``EventCaption``). When frames are redrawn in place and
    /// standard error is the terminal too, each error line makes the next frame start below it.
    ///
    /// - Parameters:
    ///   - options: The parsed command line.
    ///   - shells: Makes the shells to drive.
    ///   - terminal: The standard streams' properties, which decide colour, redrawing and width.
    ///   - clock: The clock that times everything: `delay` events, the `--watch` interval, the
    ///     `--duration` limit and the frame-rate limit. `ContinuousClock` by default; a test passes
    ///     a clock that it advances by hand. Retained.
    ///   - windowSize: Reads the output terminal's size before each in-place frame; standard
    ///     output's by default.
    ///   - writeOutput: Writes to standard output at once (unbuffered), or throws why it
    ///     could not; after the first failure nothing more is written, and the run ends with
    ///     ``DemoError/outputFailed(_:)``.
    ///   - writeError: Writes to standard error at once.
    public init<C: Clock>(
        options: DemoOptions, shells: ShellFactory, terminal: Terminal = .standardOutput,
        clock: C = ContinuousClock(),
        windowSize: @escaping () -> Terminal.WindowSize? = { Terminal.windowSize(of: STDOUT_FILENO) },
        writeOutput: @escaping (String) throws -> Void = {
            try FileHandle.standardOutput.write(contentsOf: Data($0.utf8))
        },
        writeError: @escaping (String) -> Void = {
            try? FileHandle.standardError.write(contentsOf: Data($0.utf8))
        }
    ) where C.Duration == Duration {
        self.options = options
        self.shells = shells
        let output = OutputWriter(writeOutput)
        self.writeOutput = output
        self.writeError = writeError
        sleep = { try await clock.sleep(for: $0) }
        let mode = FrameDisplay.Mode(options: options, terminal: terminal)
        errorsShareTheFrameTerminal = mode == .live && terminal.isErrorTerminal
        narrowTerminalColumns = mode != .json && terminal.isTooNarrowForFrames ? terminal.columns : nil
        let renderer = TextRenderer(
            width: terminal.frameWidth(requested: options.width), usesColor: terminal.usesColor)
        display = FrameDisplay(
            mode: mode, renderer: renderer, clock: clock, windowSize: windowSize,
            followsWindowWidth: options.width == nil, write: { output($0) })
    }

    /// Runs the session to its end.
    ///
    /// Each error is reported on standard error as ``DemoError/message`` says: a bad event line
    /// as it comes, a source that cannot be opened or read when the run stops for it. Whatever
    /// frame is held back by the frame-rate limit is written before returning. Text frames are
    /// followed by a closing line on standard output, such as `42 events applied, 36 frames
    /// drawn` (left out with `--format json`, whose standard output holds JSON lines only, and
    /// when no frame was drawn). Text frames bound for a terminal narrower than
    /// ``TextRenderer/minimumWidth`` are not drawn at all: the run reports
    /// ``DemoError/terminalTooNarrow(columns:)`` without starting.
    ///
    /// - Returns: The exit status (``DemoError/exitCode`` of the gravest error reported):
    ///   ``ExitCode/success`` when all input was good, ``ExitCode/badInput`` when an event line
    ///   was bad, ``ExitCode/cannotRun`` when the source could not be opened or read (a missing
    ///   events file or watched directory), the terminal is too narrow or writing to standard
    ///   output failed.
    public func run() async -> ExitCode {
        if let narrowTerminalColumns {
            report(.terminalTooNarrow(columns: narrowTerminalColumns))
            return exitCode
        }
        do throws(DemoError) {
            if let seconds = options.durationSeconds {
                try await playSource(stoppingAfter: seconds)
            } else {
                try await playSource()
            }
        } catch {
            report(error)
        }
        display.finish()
        if display.mode != .json, display.framesDrawn > 0 {
            let summary = Self.summary(
                events: eventsApplied, rejected: eventsRejected, frames: display.framesDrawn)
            writeOutput(summary + "\n")
        }
        if let failure = writeOutput.failure { report(.outputFailed(failure)) }
        return exitCode
    }

    /// The closing line of a text run; the rejected lines are named only when there are some.
    ///
    /// - Returns: For example `1 event applied, 2 frames drawn`, or
    ///   `42 events applied, 2 rejected, 43 frames drawn`.
    static func summary(events: Int, rejected: Int, frames: Int) -> String {
        let events = events == 1 ? "1 event applied" : "\(events) events applied"
        let rejected = rejected == 0 ? "" : ", \(rejected) rejected"
        return events + rejected + (frames == 1 ? ", 1 frame drawn" : ", \(frames) frames drawn")
    }

    /// Shows a shell's first state, captioned with its tabs and the one selected.
    ///
    /// - Parameters:
    ///   - shell: The shell, new.
    ///   - prefix: Put before the caption, such as `folders changed: `.
    func showStart(of shell: any ShellModel, prefix: String = "") {
        let state = shell.snapshot()
        lastState = state
        display.show(state, caption: prefix + EventCaption.start(state))
    }

    /// Counts a rebuilt shell (`--watch` after its folders changed) as one event applied.
    func countRebuild() {
        eventsApplied += 1
    }

    /// Applies one event to the shell and counts it, without showing the new state.
    ///
    /// - Returns: The snapshot after the event and its caption.
    /// - Throws: What ``ShellModel/apply(_:)`` throws; the event then changed nothing.
    func apply(_ event: DemoEvent, to shell: any ShellModel) throws(EventError) -> (
        state: ShellState, caption: String?
    ) {
        let before = lastState ?? shell.snapshot()
        try shell.apply(event)
        eventsApplied += 1
        let after = shell.snapshot()
        lastState = after
        return (after, EventCaption.describe(event, before: before, after: after))
    }

    /// Reports an error on standard error and keeps the gravest exit status met.
    func report(_ error: DemoError) {
        if error.exitCode.rawValue > exitCode.rawValue { exitCode = error.exitCode }
        if case .badEvent = error { eventsRejected += 1 }
        writeErrorLine(error.message)
    }

    /// Notes something that is no error (folders left out, a directory that went away for a
    /// while) on standard error, prefixed with the program's name; the exit status is unchanged.
    func note(_ message: String) {
        // The message may quote a folder's name, which may hold escape sequences.
        writeErrorLine("observe-demo: " + TerminalText.sanitized(message))
    }

    /// Writes one line, already safe for a terminal, to standard error.
    private func writeErrorLine(_ message: String) {
        writeError(message + "\n")
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
            let applied = try apply(event, to: shell)
            display.show(applied.state, caption: applied.caption)
        } catch {
            report(.badEvent(error, file: file, line: line))
            return false
        }
        return true
    }

    /// Waits the given time, scaled by `--speed`; returns early (without throwing) when cancelled.
    func pause(milliseconds: Int) async {
        try? await sleep(.milliseconds(milliseconds) / options.speed)
    }

    /// Plays the chosen source to its end.
    ///
    /// - Throws: ``DemoError/eventInput(_:)`` or ``DemoError/directory(_:)`` when the source
    ///   cannot be opened or read.
    private func playSource() async throws(DemoError) {
        switch options.source {
        case .scenario:
            await runScenario()
        case .events(let path):
            do throws(EventInputError) {
                try await runEvents(path: path)
            } catch {
                throw .eventInput(error)
            }
        case .watch(let directory):
            do throws(DirectoryError) {
                try await watch(directory: directory)
            } catch {
                throw .directory(error)
            }
        }
    }

    /// Plays the source until it ends or the time is up, whichever comes first.
    ///
    /// - Parameter seconds: The time allowed, in seconds.
    /// - Throws: What ``playSource()`` throws before the time is up.
    private func playSource(stoppingAfter seconds: Double) async throws(DemoError) {
        let work = Task { @MainActor () -> DemoError? in
            do throws(DemoError) { try await self.playSource() } catch { return error }
            return nil
        }
        let sleep = sleep
        let timer = Task {
            try await sleep(.seconds(seconds))
            work.cancel()  // The sources end quietly when cancelled.
        }
        defer { timer.cancel() }
        if let failure = await work.value { throw failure }
    }
}
