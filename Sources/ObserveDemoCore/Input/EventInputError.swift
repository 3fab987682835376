/// Why an event stream cannot be read: the events file cannot be opened, or reading failed.
public enum EventInputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing exists at this path.
    case missing(String)
    /// The path names a directory.
    case isDirectory(String)
    /// The path names a file that cannot be opened for reading.
    case unreadable(String)
    /// Reading the stream failed part-way: its name (the path, or `<stdin>`) and the system's
    /// reason.
    case readFailed(name: String, reason: String)

    /// A one-line explanation naming the path.
    public var description: String {
        switch self {
        case .missing(let path): "no such events file: '\(path)'"
        case .isDirectory(let path): "events file is a directory: '\(path)'"
        case .unreadable(let path): "cannot read events file: '\(path)'"
        case .readFailed(let name, let reason): "reading '\(name)' failed: \(reason)"
        }
    }
}
