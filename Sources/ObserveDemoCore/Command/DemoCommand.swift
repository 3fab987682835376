/// What one `observe-demo` invocation asks for, as decided by ``DemoCommand/parse(_:)``.
public enum DemoCommand: Equatable, Sendable {
    /// Run the demo with these options.
    case run(DemoOptions)
    /// Print the usage text (`--help`) and exit with status 0.
    case help
    /// Print the version (`--version`) and exit with status 0.
    case version
}
