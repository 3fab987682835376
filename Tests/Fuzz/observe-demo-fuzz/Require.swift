/// Stops the process with the message when a fuzzed property does not hold.
///
/// `fatalError`, not `precondition`: the fuzz build is optimized, and an optimized
/// `precondition` traps without its message.
///
/// - Parameters:
///   - condition: The property.
///   - message: What went wrong, naming the line.
func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError(message()) }
}
