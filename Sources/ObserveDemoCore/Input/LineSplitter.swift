import Foundation

/// Splits a byte stream into numbered lines, never buffering more than a line's limit.
///
/// Lines end at `\n`; a `\r` before it is dropped, so CRLF files read as expected. A line longer
/// than the limit is reported as ``Line/Content/overlong(length:)`` with its full length while
/// its bytes are discarded, so one huge line cannot exhaust memory. Line numbers count from 1.
public struct LineSplitter: Sendable {
    /// One line of input.
    public struct Line: Equatable, Sendable {
        /// What a line holds.
        public enum Content: Equatable, Sendable {
            /// The line's bytes, without the line break.
            case text(Data)
            /// The line was longer than the limit; its length in bytes, without the line break.
            case overlong(length: Int)
        }

        /// The line number, counting from 1.
        public var number: Int
        /// The line's bytes, or its length when over the limit.
        public var content: Content

        /// Creates a line.
        ///
        /// - Parameters:
        ///   - number: The line number, counting from 1.
        ///   - content: The line's bytes, or its length when over the limit.
        public init(number: Int, content: Content) {
            self.number = number
            self.content = content
        }
    }

    /// The longest line kept, in bytes.
    public let limit: Int
    private var buffer = Data()
    private var length = 0
    /// Whether the last byte taken was `\r`, which is part of the line break if `\n` follows;
    /// kept apart from `buffer`, which stops growing past the limit.
    private var endsWithCarriageReturn = false
    private var number = 0

    /// Creates a splitter.
    ///
    /// - Parameter limit: The longest line kept, in bytes; longer lines are reported as overlong.
    public init(limit: Int = EventParser.maximumLineLength) {
        self.limit = limit
    }

    /// Adds bytes read from the stream.
    ///
    /// - Parameter chunk: The next bytes, of any length.
    /// - Returns: The lines completed by these bytes, in order.
    /// - Complexity: O(n) in the chunk's length.
    public mutating func append(_ chunk: Data) -> [Line] {
        var lines: [Line] = []
        var start = chunk.startIndex
        while let newline = chunk[start...].firstIndex(of: 0x0A) {
            take(chunk[start..<newline])
            lines.append(completeLine())
            start = chunk.index(after: newline)
        }
        take(chunk[start...])
        return lines
    }

    /// Ends the stream.
    ///
    /// - Returns: The last line when the stream did not end with a line break, else `nil`.
    public mutating func finish() -> Line? {
        length > 0 ? completeLine() : nil
    }

    private mutating func take(_ bytes: Data) {
        guard let last = bytes.last else { return }
        length += bytes.count
        endsWithCarriageReturn = last == 0x0D
        if length <= limit + 1 { buffer.append(bytes) }  // One extra byte for a trailing "\r".
    }

    private mutating func completeLine() -> Line {
        number += 1
        let textLength = endsWithCarriageReturn ? length - 1 : length
        // Within the limit, `buffer` holds the whole line, its "\r" included.
        let content: Line.Content =
            textLength > limit ? .overlong(length: textLength) : .text(Data(buffer.prefix(textLength)))
        buffer = Data()
        length = 0
        endsWithCarriageReturn = false
        return Line(number: number, content: content)
    }
}
