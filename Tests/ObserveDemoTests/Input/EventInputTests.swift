import Foundation
import ObserveDemoCore
import Testing

@Suite struct EventInputTests {
    @Test func aMissingFileIsNamed() {
        #expect(throws: EventInputError.missing("/nonexistent/updates.jsonl")) {
            try EventInput(path: "/nonexistent/updates.jsonl")
        }
    }

    /// Found by a fresh-user trial: a directory was reported as an unreadable file.
    @Test func aDirectoryIsNamedAsOne() throws {
        let folder = try TemporaryDirectory()
        #expect(throws: EventInputError.isDirectory(folder.url.path)) {
            try EventInput(path: folder.url.path)
        }
        #expect(EventInputError.isDirectory("/tmp").description == "events file is a directory: '/tmp'")
    }

    @Test func linesArriveNumberedAndTheStreamEnds() async throws {
        let folder = try TemporaryDirectory()
        let file = folder.url.appendingPathComponent("events.jsonl")
        try Data("one\n\ntwo".utf8).write(to: file)
        let input = try EventInput(path: file.path)
        #expect(input.name == file.path)
        var lines: [LineSplitter.Line] = []
        for await item in input.lines() { lines.append(try item.get()) }
        #expect(
            lines == [
                .init(number: 1, content: .text(Data("one".utf8))),
                .init(number: 2, content: .text(Data())),
                .init(number: 3, content: .text(Data("two".utf8))),
            ])
    }

    /// Reading `/proc/self/mem` from its start fails with EIO on Linux: a read error mid-stream.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/mem")))
    func aFailedReadEndsTheStreamWithTheReason() async throws {
        let input = try EventInput(path: "/proc/self/mem")
        var items: [Result<LineSplitter.Line, EventInputError>] = []
        for await item in input.lines() { items.append(item) }
        #expect(items.count == 1)
        guard case .failure(.readFailed(let name, let reason))? = items.last else {
            Issue.record("expected one read failure, got \(items)")
            return
        }
        #expect(name == "/proc/self/mem")
        #expect(reason.contains("Input/output error"))
    }
}
