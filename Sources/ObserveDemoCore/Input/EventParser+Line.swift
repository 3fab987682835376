extension EventParser {
    /// Parses one line as ``LineSplitter`` delivers it: the event it holds, `nil` for a blank
    /// line, or the error that rejects it.
    ///
    /// This is the whole of reading one line; applying the event is
    /// ``ShellModel/apply(_:)``'s business. Both the `--events` runner and the fuzz target
    /// (`observe-demo-fuzz`) call it, so that what is fuzzed is what runs.
    ///
    /// - Parameter line: A numbered line; its number is not read, and the caller names it in
    ///   the diagnostic (see ``DemoError/badEvent(_:file:line:)``).
    /// - Returns: The event, or `nil` for a line of only white space.
    /// - Throws: ``EventError/lineTooLong(length:limit:)`` for an overlong line, else whatever
    ///   ``parse(_:)-(Data)`` throws.
    /// - Complexity: O(n) in the line's length.
    public func parse(_ line: LineSplitter.Line) throws(EventError) -> DemoEvent? {
        switch line.content {
        case .text(let text):
            return try parse(text)
        case .overlong(let length):
            throw .lineTooLong(length: length, limit: Self.maximumLineLength)
        }
    }
}
