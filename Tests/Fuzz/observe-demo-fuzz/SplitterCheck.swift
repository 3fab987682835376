import Foundation
import ObserveDemoCore

/// Checks ``LineSplitter`` against an obviously correct reference: the input split at every
/// `\n`, one `\r` before it dropped, lines over the limit reported by length.
enum SplitterCheck {
    /// The limits tried: two small ones, so that short inputs make overlong lines, and the real
    /// one.
    static let limits = [2, 16, EventParser.maximumLineLength]

    /// The chunk sizes the input is cut into, in turn, besides being fed whole; small and uneven,
    /// so that line breaks and `\r\n` pairs fall across chunk boundaries.
    static let cuts = [1, 2, 3, 5, 8, 13, 64]

    /// Splits the input at every limit, whole and in chunks, and traps unless each split equals
    /// the reference.
    ///
    /// - Parameter bytes: The input.
    /// - Returns: The lines at the real limit, as the `--events` runner reads them.
    static func run(_ bytes: Data) -> [LineSplitter.Line] {
        var realLines: [LineSplitter.Line] = []
        for limit in limits {
            let expected = referenceLines(of: bytes, limit: limit)
            let whole = lines(of: bytes, limit: limit, cuts: [max(bytes.count, 1)])
            let cut = lines(of: bytes, limit: limit, cuts: cuts)
            require(whole == expected, "splitter (limit \(limit), whole): \(whole) != \(expected)")
            require(cut == expected, "splitter (limit \(limit), in chunks): \(cut) != \(expected)")
            if limit == EventParser.maximumLineLength { realLines = whole }
        }
        return realLines
    }

    /// Feeds the input to a splitter in chunks of the given sizes, in turn; the chunks are slices
    /// of `bytes`, whose indexes do not start at 0.
    private static func lines(of bytes: Data, limit: Int, cuts: [Int]) -> [LineSplitter.Line] {
        var splitter = LineSplitter(limit: limit)
        var lines: [LineSplitter.Line] = []
        var start = bytes.startIndex
        var turn = 0
        while start < bytes.endIndex {
            let end = min(start + cuts[turn % cuts.count], bytes.endIndex)
            lines += splitter.append(bytes[start..<end])
            start = end
            turn += 1
        }
        if let last = splitter.finish() { lines.append(last) }
        return lines
    }

    /// The lines as the splitter documents them, computed the plain way.
    private static func referenceLines(of bytes: Data, limit: Int) -> [LineSplitter.Line] {
        var pieces = Array(bytes).split(separator: 0x0A, omittingEmptySubsequences: false)
        // Text after the last line break is a line only when there is some.
        if pieces.last?.isEmpty == true { pieces.removeLast() }
        return pieces.enumerated().map { offset, piece in
            let text = piece.last == 0x0D ? piece.dropLast() : piece
            let content: LineSplitter.Line.Content =
                text.count > limit ? .overlong(length: text.count) : .text(Data(text))
            return LineSplitter.Line(number: offset + 1, content: content)
        }
    }
}
