import Foundation
import Testing

/// Keeps PromiseIndex.swift honest: every test it names exists.
@Suite struct PromiseIndexTests {
    /// Every `Suite/test` in the index is a `struct Suite` whose file declares `func test`.
    ///
    /// Reads the sibling PromiseIndex.swift and the .swift files under Tests/TabBarModelTests
    /// (the index itself excluded), so a renamed or deleted test fails here.
    @Test func everyIndexedTestExists() throws {
        let promisesFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let indexURL = promisesFolder.appendingPathComponent("PromiseIndex.swift")
        let index = try String(contentsOf: indexURL, encoding: .utf8)
        let references = try Self.references(in: index)
        #expect(references.count >= 100)

        let sources = try Self.testSources(under: promisesFolder.deletingLastPathComponent())
            .filter { $0.url.standardizedFileURL != indexURL.standardizedFileURL }
        for (suite, test) in references {
            let suiteFiles = sources.filter { Self.declares("struct", suite, in: $0.text) }
            #expect(!suiteFiles.isEmpty, "no `struct \(suite)` for \(suite)/\(test)")
            guard !suiteFiles.isEmpty else { continue }
            #expect(
                suiteFiles.contains { Self.declares("func", test, in: $0.text) },
                "no `func \(test)` beside `struct \(suite)`")
        }
    }

    /// The `Suite/test` pairs of the index, one per mention, in order.
    private static func references(in index: String) throws -> [(suite: String, test: String)] {
        let pattern = try NSRegularExpression(pattern: #"\b([A-Z][A-Za-z0-9]*Tests)/([a-z][A-Za-z0-9]*)\b"#)
        let range = NSRange(index.startIndex..., in: index)
        return pattern.matches(in: index, range: range).compactMap { match in
            guard let suite = Range(match.range(at: 1), in: index),
                let test = Range(match.range(at: 2), in: index)
            else { return nil }
            return (String(index[suite]), String(index[test]))
        }
    }

    /// The .swift files under `folder`, with their text.
    private static func testSources(under folder: URL) throws -> [(url: URL, text: String)] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var sources: [(url: URL, text: String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            sources.append((url, try String(contentsOf: url, encoding: .utf8)))
        }
        #expect(!sources.isEmpty)
        return sources
    }

    /// Whether `text` declares `keyword name` as a whole word (`func name(` or `struct name `).
    private static func declares(_ keyword: String, _ name: String, in text: String) -> Bool {
        text.range(of: #"\b\#(keyword) \#(name)\b"#, options: .regularExpression) != nil
    }
}
