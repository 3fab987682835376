/// The settings of one `observe-demo` run, as given on the command line.
///
/// Build one with ``DemoOptions/parse(_:)``; the defaults are those of a run without arguments
/// (the built-in scenario, drawn as text at the terminal's width).
public struct DemoOptions: Equatable, Sendable {
    /// Where the updates come from.
    public enum Source: Equatable, Sendable {
        /// The built-in social-app scenario.
        case scenario
        /// A JSON Lines event stream read from a file at this path, or from standard input for `-`.
        case events(path: String)
        /// A directory whose sub-folders become tabs, polled for file counts.
        case watch(directory: String)
    }

    /// How each state is written to standard output.
    public enum Format: String, Equatable, Sendable {
        /// A drawn frame: navigation bar, content, tab bar.
        case text
        /// One JSON object per state change, one per line.
        case json
    }

    /// Where the updates come from; `.scenario` by default.
    public var source: Source = .scenario
    /// The polling period of `--watch`, in milliseconds; 500 by default.
    public var intervalMilliseconds: Int = 500
    /// How long to run before stopping, in seconds; `nil` (the default) runs until the source ends.
    public var durationSeconds: Double?
    /// The output format; `.text` by default.
    public var format: Format = .text
    /// The frame width in terminal columns; `nil` (the default) uses the terminal's width, else 80.
    public var width: Int?
    /// The pace factor for delays: 2 runs twice as fast; 1 by default.
    public var speed: Double = 1
    /// Whether every state change is printed as its own frame instead of redrawn in place.
    public var printsEveryFrame = false
    /// Whether the event stream stops at its first bad line.
    public var isStrict = false

    /// Creates the default options: the built-in scenario drawn as text.
    public init() {}
}
