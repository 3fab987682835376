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
        // Read from the buffer, not a byte at a time through Data's indexes (observe-bench W8).
        let (encoding, text) = line.withUnsafeBytes { buffer in
            let (encoding, markLength) = Self.encoding(of: buffer)
            return (encoding, Array(buffer.dropFirst(markLength)))
        }
        guard encoding != .utf8 else { return firstFault(in: text) }
        guard let decoded = String(bytes: text, encoding: encoding) else { return nil }
        return firstFault(in: decoded.utf8)
    }

    /// The encoding a line is in, and the length of its byte order mark (0 for none).
    private static func encoding(of line: UnsafeRawBufferPointer) -> (String.Encoding, Int) {
        let count = line.count
        // Past the end, 1: no mark, no zero byte.
        func byte(_ offset: Int) -> UInt8 { offset < count ? line[offset] : 1 }
        let head = (byte(0), byte(1), byte(2), byte(3))
        switch head {
        case (0xEF, 0xBB, 0xBF, _): return (.utf8, 3)
        case (0x00, 0x00, 0xFE, 0xFF): return (.utf32BigEndian, 4)
        case (0xFF, 0xFE, 0x00, 0x00): return (.utf32LittleEndian, 4)
        case (0xFE, 0xFF, _, _): return (.utf16BigEndian, 2)
        case (0xFF, 0xFE, _, _): return (.utf16LittleEndian, 2)
        case _ where count < 4: return (.utf8, 0)
        case (0, 0, 0, _): return (.utf32BigEndian, 0)
        case (_, 0, 0, 0): return (.utf32LittleEndian, 0)
        case (0, _, 0, _): return (.utf16BigEndian, 0)
        case (_, 0, _, 0): return (.utf16LittleEndian, 0)
        default: return (.utf8, 0)
        }
    }
}
