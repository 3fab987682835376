import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Facts about the process's standard output that decide how frames are drawn.
public struct Terminal: Equatable, Sendable {
    /// Whether standard output is a terminal (`isatty`).
    public var isTerminal: Bool
    /// The terminal's width in columns (`ioctl` `TIOCGWINSZ`), or `nil` when unknown.
    public var columns: Int?
    /// Whether standard input is a terminal, where typed lines are echoed.
    public var isInputTerminal = false
    /// Whether the `NO_COLOR` environment variable is set to a non-empty value (no-color.org).
    public var prefersNoColor: Bool

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

    /// Describes the process's standard output and environment as they are now.
    public static var standardOutput: Terminal {
        let noColor = ProcessInfo.processInfo.environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return Terminal(
            isTerminal: isatty(STDOUT_FILENO) == 1, columns: columns(of: STDOUT_FILENO),
            prefersNoColor: noColor)
    }

    /// Whether frames may use escape codes: colour and redrawing in place.
    public var usesEscapeCodes: Bool { isTerminal && !prefersNoColor }

    /// The frame width: the requested one, else the terminal's, else 80 columns.
    ///
    /// - Parameter requested: The `--width` value, if given.
    /// - Returns: The width in columns.
    public func frameWidth(requested: Int?) -> Int {
        requested ?? columns ?? 80
    }

    private static func columns(of descriptor: Int32) -> Int? {
        var size = winsize()
        let result = withUnsafeMutablePointer(to: &size) { ioctl(descriptor, UInt(TIOCGWINSZ), $0) }
        return result == 0 && size.ws_col > 0 ? Int(size.ws_col) : nil
    }
}
