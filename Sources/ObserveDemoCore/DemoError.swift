/// Every error `observe-demo` reports, with the one mapping to the line it writes on standard
/// error and the status it exits with.
///
/// | Error | Message on standard error | Status |
/// |-------|---------------------------|--------|
/// | ``usage(_:)``                | `observe-demo: WHAT`, then `Try 'observe-demo --help'.` | 2 |
/// | ``eventInput(_:)``           | `observe-demo: WHAT`                                     | 2 |
/// | ``directory(_:)``            | `observe-demo: WHAT`                                     | 2 |
/// | ``terminalTooNarrow(columns:)`` | `observe-demo: the terminal is N columns wide; …`     | 2 |
/// | ``outputFailed(_:)``         | `observe-demo: writing to standard output failed: WHY`    | 2 |
/// | ``badEvent(_:file:line:)``   | `FILE:LINE: error: WHAT`                                 | 1 |
///
/// A bad event line is reported where it stands and the run goes on (unless `--strict`); the
/// others keep the run from starting or end it.
public enum DemoError: Error, Equatable, Sendable {
    /// The command line is wrong.
    case usage(UsageError)
    /// The event stream cannot be opened, or reading it failed.
    case eventInput(EventInputError)
    /// The watched directory cannot be read at the start.
    case directory(DirectoryError)
    /// Text frames would go to a terminal this many columns wide, narrower than
    /// ``TextRenderer/minimumWidth``, where they would wrap; found before the run starts.
    case terminalTooNarrow(columns: Int)
    /// One event line was rejected: `file` is the stream's name (a path, `<stdin>` or
    /// `<scenario>`) and `line` its line number, counting from 1.
    case badEvent(EventError, file: String, line: Int)
    /// A write to standard output failed, for the reason given (the system's words, such as
    /// `No space left on device`); what was read and applied before stays applied, and nothing
    /// more is written.
    case outputFailed(String)

    /// The error for a write to standard output that threw `error`, with the system's words for
    /// it (`No space left on device` rather than Foundation's wrapper's).
    ///
    /// - Parameter error: What the write threw.
    /// - Returns: ``outputFailed(_:)`` with the reason.
    public static func writeFailure(_ error: any Error) -> DemoError {
        .outputFailed(OutputWriter.reason(error))
    }

    /// The status the program exits with after reporting this error.
    public var exitCode: ExitCode {
        switch self {
        case .usage, .eventInput, .directory, .terminalTooNarrow, .outputFailed: .cannotRun
        case .badEvent: .badInput
        }
    }

    /// What is written on standard error, without the final line break; safe to write to a
    /// terminal.
    ///
    /// The messages quote input (an argument, a path, an unknown kind, a folder's name) that may
    /// hold escape sequences, so they are made safe with ``TerminalText/sanitized(_:)``.
    public var message: String {
        switch self {
        case .usage(let error): "observe-demo: \(safe(error))\nTry 'observe-demo --help'."
        case .eventInput(let error): "observe-demo: \(safe(error))"
        case .directory(let error): "observe-demo: \(safe(error))"
        case .terminalTooNarrow(let columns):
            "observe-demo: the terminal is \(columns) columns wide; frames need at least "
                + "\(TextRenderer.minimumWidth) (widen it, or use --format json)"
        case .badEvent(let error, let file, let line): "\(safe(file)):\(line): error: \(safe(error))"
        case .outputFailed(let reason): "observe-demo: writing to standard output failed: \(safe(reason))"
        }
    }

    private func safe(_ text: some CustomStringConvertible) -> String {
        TerminalText.sanitized(text.description)
    }
}
