/// A command line `observe-demo` cannot run; reported as ``DemoError/usage(_:)`` (exit status 2).
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, naming the option or value at fault (for example "unknown option '--colour'").
    public var message: String

    /// Creates a usage error.
    ///
    /// - Parameter message: What is wrong, naming the option or value at fault.
    public init(_ message: String) {
        self.message = message
    }

    /// The message, as written after `observe-demo: `.
    public var description: String { message }
}
