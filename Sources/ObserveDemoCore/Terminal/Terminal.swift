import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about the process's standard streams that decide how frames are drawn.
public struct Terminal: Equatable, Sendable {
    /// A terminal window's size in character cells.
    public struct WindowSize: Equatable, Sendable {
        /// The number of columns.
        public var columns: Int
        /// The number of rows.
        public var rows: Int

        /// Creates a window size.
        ///
        /// - Parameters:
        ///   - columns: The number of columns.
        ///   - rows: The number of rows.
        public init(columns: Int, rows: Int) {
            self.columns = columns
            self.rows = rows
        }
    }

    /// Whether standard output is a terminal (`isatty`).
    public var isTerminal: Bool
    /// The terminal's width in columns (`ioctl` `TIOCGWINSZ`) when this was read, or `nil` when
    /// unknown.
    public var columns: Int?
    /// Whether standard input is a terminal, where typed lines are echoed.
    public var isInputTerminal = false
    /// Whether standard error is a terminal, where error lines appear among the frames.
    public var isErrorTerminal = false
    /// Whether the `NO_COLOR` environment variable is set to a non-empty value (no-color.org).
    public var prefersNoColor: Bool
    /// Whether the `TERM` environment variable is `dumb`: a terminal that acts on no escape
    /// codes, neither colour nor cursor movement (such as an editor's shell buffer).
    public var isDumb = false

    /// Creates a description of an output, for tests and for other outputs.
    ///
    /// - Parameters:
    ///   - isTerminal: Whether the output is a terminal.
    ///   - columns: Its width in columns, if known.
    ///   - prefersNoColor: Whether colour is refused.
    public init(isTerminal: Bool, columns: Int?, prefersNoColor: Bool) {
        self.isTerminal = isTerminal
        self.columns = columns
        self.prefersNoColor = prefersNoColor
    }

    /// Creates a description of an output, reading the environment variables that concern it:
    /// `NO_COLOR` (``prefersNoColor``, when set to a non-empty value) and `TERM`
    /// (``isDumb``, when `dumb`).
    ///
    /// - Parameters:
    ///   - isTerminal: Whether the output is a terminal.
    ///   - columns: Its width in columns, if known.
    ///   - environment: The environment variables, such as `ProcessInfo`'s.
    public init(isTerminal: Bool, columns: Int?, environment: [String: String]) {
        self.init(
            isTerminal: isTerminal, columns: columns,
            prefersNoColor: environment["NO_COLOR"].map { !$0.isEmpty } ?? false)
        isDumb = environment["TERM"] == "dumb"
    }

    /// Describes the process's standard streams and environment as they are now.
    public static var standardOutput: Terminal {
        var terminal = Terminal(
            isTerminal: isatty(STDOUT_FILENO) == 1, columns: windowSize(of: STDOUT_FILENO)?.columns,
            environment: ProcessInfo.processInfo.environment)
        terminal.isInputTerminal = isatty(STDIN_FILENO) == 1
        terminal.isErrorTerminal = isatty(STDERR_FILENO) == 1
        return terminal
    }

    /// Whether frames may be redrawn in place with cursor movement: on a terminal, whatever
    /// `NO_COLOR` says (it is about colour only), unless it is a dumb one.
    public var redrawsInPlace: Bool { isTerminal && !isDumb }

    /// Whether frames use ANSI colour: on a terminal, unless `NO_COLOR` is set or it is a dumb one.
    public var usesColor: Bool { isTerminal && !prefersNoColor && !isDumb }

    /// Whether the output is a terminal too narrow for a frame (narrower than
    /// ``TextRenderer/minimumWidth``), where a frame would wrap.
    public var isTooNarrowForFrames: Bool {
        isTerminal && (columns.map { $0 < TextRenderer.minimumWidth } ?? false)
    }

    /// The frame width: the requested one, else the terminal's, else 80 columns.
    ///
    /// - Parameter requested: The `--width` value, if given.
    /// - Returns: The width in columns.
    public func frameWidth(requested: Int?) -> Int {
        requested ?? columns ?? 80
    }

    /// Reads a terminal's size now, with `ioctl` `TIOCGWINSZ`.
    ///
    /// - Parameter descriptor: An open file descriptor, such as `STDOUT_FILENO`.
    /// - Returns: The size, or `nil` when the descriptor is no terminal or reports no size.
    public static func windowSize(of descriptor: Int32) -> WindowSize? {
        var size = winsize()
        let result = withUnsafeMutablePointer(to: &size) { ioctl(descriptor, UInt(TIOCGWINSZ), $0) }
        guard result == 0, size.ws_col > 0, size.ws_row > 0 else { return nil }
        return WindowSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}
