/// Why a watched directory cannot be read.
///
/// At the start it ends the run, reported as ``DemoError/directory(_:)`` (exit status 2); later,
/// while watching, it is noted once on standard error and the last state stays on show.
public enum DirectoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at this path.
    case missing(String)
    /// The path names something other than a directory.
    case notADirectory(String)
    /// The directory exists but cannot be listed (permissions).
    case unreadable(String)

    /// A one-line explanation naming the path.
    public var description: String {
        switch self {
        case .missing(let path): "no such directory: '\(path)'"
        case .notADirectory(let path): "not a directory: '\(path)'"
        case .unreadable(let path): "cannot read directory: '\(path)'"
        }
    }
}
