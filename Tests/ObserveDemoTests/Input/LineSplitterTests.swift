import Foundation
import ObserveDemoCore
import Testing

@Suite struct LineSplitterTests {
    @Test func splitsAcrossChunksAndNumbersFromOne() {
        var splitter = LineSplitter(limit: 100)
        var lines = splitter.append(Data("ab\ncd".utf8))
        lines += splitter.append(Data("e\r\n\nf".utf8))
        lines += [splitter.finish()].compactMap(\.self)
        #expect(
            lines == [
                .init(number: 1, content: .text(Data("ab".utf8))),
                .init(number: 2, content: .text(Data("cde".utf8))),
                .init(number: 3, content: .text(Data())),
                .init(number: 4, content: .text(Data("f".utf8))),
            ])
    }

    @Test func overlongLinesReportTheirLengthAndTheNextLineIsIntact() {
        var splitter = LineSplitter(limit: 4)
        let lines = splitter.append(Data("1234\n123456789\nok\n".utf8))
        #expect(
            lines == [
                .init(number: 1, content: .text(Data("1234".utf8))),
                .init(number: 2, content: .overlong(length: 9)),
                .init(number: 3, content: .text(Data("ok".utf8))),
            ])
        #expect(splitter.finish() == nil)
    }

    // Found by the fuzz target (Tests/Fuzz): the "\r" of an overlong CRLF line was counted in
    // its length, one more than the same line with a bare "\n".
    @Test func overlongCRLFLineReportsItsLengthWithoutTheLineBreak() {
        var whole = LineSplitter(limit: 2)
        #expect(whole.append(Data("abc\r\n".utf8)) == [.init(number: 1, content: .overlong(length: 3))])
        var cut = LineSplitter(limit: 2)
        #expect(cut.append(Data("abc\r".utf8)).isEmpty)
        #expect(cut.append(Data("\n".utf8)) == [.init(number: 1, content: .overlong(length: 3))])
    }
}
