extension EventError {
    /// The diagnostic that reports this error for one line: `FILE:LINE: error: WHAT`.
    ///
    /// The text is not yet safe for a terminal (the description may quote input); writers pass
    /// it through ``TerminalText/sanitized(_:)``, which also keeps it on one line.
    ///
    /// - Parameters:
    ///   - file: The stream's name: its path, or `<stdin>`.
    ///   - line: The line's number, counting from 1.
    /// - Returns: The diagnostic, without a line break.
    public func diagnostic(file: String, line: Int) -> String {
        "\(file):\(line): error: \(self)"
    }
}
