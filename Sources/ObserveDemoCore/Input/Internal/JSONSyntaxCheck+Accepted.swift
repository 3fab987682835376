import Foundation

extension JSONSyntaxCheck {
    /// Finds the first fault of a line that `JSONSerialization` read, in the text it read.
    ///
    /// `JSONSerialization` reads more than RFC 8259's grammar: it takes a trailing comma
    /// (`{"kind":"plus",}`, `[1,]`). So every line it reads is walked too, and the walk decides.
    /// What it reads besides UTF-8 is kept: a line in UTF-16 or UTF-32, told apart as it tells
    /// them (by a byte order mark, else by the zero bytes among the first four, as RFC 4627
    /// describes), is walked as that text; a byte order mark is skipped, as RFC 8259 allows, and
    /// not counted in the columns.
    ///
    /// - Parameter line: The line's bytes, without its line break.
    /// - Returns: The fault, or `nil` when the text is JSON, or when it cannot be decoded in the
    ///   encoding told (then the line stands as `JSONSerialization` read it).
    /// - Complexity: O(*n*) in the line's length.
    static func firstFault(inTextRead line: Data) -> Fault? {
        let (encoding, markLength) = encoding(of: line)
        let text = line.dropFirst(markLength)
        guard encoding != .utf8 else { return firstFault(in: text) }
        guard let decoded = String(data: text, encoding: encoding) else { return nil }
        return firstFault(in: decoded.utf8)
    }

    /// The encoding a line is in, and the length of its byte order mark (0 for none).
    private static func encoding(of line: Data) -> (String.Encoding, Int) {
        let head = Array(line.prefix(4))
        let marks: [([UInt8], String.Encoding)] = [
            ([0xEF, 0xBB, 0xBF], .utf8), ([0x00, 0x00, 0xFE, 0xFF], .utf32BigEndian),
            ([0xFF, 0xFE, 0x00, 0x00], .utf32LittleEndian), ([0xFE, 0xFF], .utf16BigEndian),
            ([0xFF, 0xFE], .utf16LittleEndian),
        ]
        if let (mark, encoding) = marks.first(where: { head.starts(with: $0.0) }) {
            return (encoding, mark.count)
        }
        guard head.count == 4, head.contains(0) else { return (.utf8, 0) }
        switch (head[0], head[1], head[2], head[3]) {
        case (0, 0, 0, _): return (.utf32BigEndian, 0)
        case (_, 0, 0, 0): return (.utf32LittleEndian, 0)
        case (0, _, 0, _): return (.utf16BigEndian, 0)
        case (_, 0, _, 0): return (.utf16LittleEndian, 0)
        default: return (.utf8, 0)
        }
    }
}
