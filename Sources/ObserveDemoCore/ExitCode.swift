/// A status `observe-demo` exits with, as a shell or a script sees it.
///
/// The program ends with one of three statuses, and ``DemoError/exitCode`` is the one place that
/// says which error leads to which:
///
/// | Status | Meaning |
/// |--------|---------|
/// | 0 ``success``   | The run ended and every input line was good (also `--help` and `--version`). |
/// | 1 ``badInput``  | Some event line was bad; each was reported as `FILE:LINE: error: WHAT`. |
/// | 2 ``cannotRun`` | The command line is wrong, the source cannot be read (a missing or unreadable events file or watched directory), text frames would go to a terminal too narrow for them, or a write to standard output failed. |
///
/// The statuses rise with the gravity of what happened, so a run that meets both a bad line and
/// an unreadable source exits with 2.
public struct ExitCode: Hashable, Sendable {
    /// The status as the process reports it, for `exit(_:)`.
    public let rawValue: Int32

    private init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// 0: the run ended and all input was good.
    public static let success = ExitCode(0)

    /// 1: some event line was bad (invalid, unknown or refused); the good ones took effect.
    public static let badInput = ExitCode(1)

    /// 2: nothing could run as asked: a usage error, a source that cannot be opened or read, a
    /// terminal too narrow for a frame, or standard output that could not be written.
    public static let cannotRun = ExitCode(2)
}
