import Foundation
import Testing

/// Keeps `PromiseIndex.swift` from rotting: every test it names exists, every entry names one,
/// and every test of this folder is named in it.
@Suite struct PromiseIndexTests {
    /// The folder of this file, `Tests/ObservingTests/Promises`.
    private static let promises = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

    /// `Tests/ObservingTests`, whose Swift files may hold the tests the index names.
    private static let tests = promises.deletingLastPathComponent()

    /// The index's entries: each entry's identifier and the `Suite/test` names under it.
    private static func entries() throws -> [(id: String, references: [String])] {
        let index = try String(
            contentsOf: promises.appendingPathComponent("PromiseIndex.swift"), encoding: .utf8)
        let entryStart = try Regex(#"^// \[([A-Z][0-9]+)\]"#)
        let reference = try Regex(#"^//\s+- ([A-Z][A-Za-z0-9]*Tests/[a-z][A-Za-z0-9]*)\s*$"#)
        var entries: [(id: String, references: [String])] = []
        for line in index.split(separator: "\n", omittingEmptySubsequences: false) {
            if let match = try entryStart.firstMatch(in: line), let id = match.output[1].substring {
                entries.append((String(id), []))
            } else if let match = try reference.firstMatch(in: line), let name = match.output[1].substring,
                !entries.isEmpty
            {
                entries[entries.count - 1].references.append(String(name))
            }
        }
        return entries
    }

    /// The text of every Swift file under `folder`.
    private static func swiftFiles(under folder: URL) throws -> [(name: String, text: String)] {
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)
        var files: [(name: String, text: String)] = []
        while let url = enumerator?.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            files.append((url.lastPathComponent, try String(contentsOf: url, encoding: .utf8)))
        }
        return files
    }

    /// Every entry names at least one test, and no identifier is used twice.
    @Test func everyEntryNamesATest() throws {
        let entries = try Self.entries()
        #expect(entries.count > 100)
        #expect(Set(entries.map(\.id)).count == entries.count)
        for entry in entries {
            #expect(!entry.references.isEmpty, "entry \(entry.id) names no test")
        }
    }

    /// Every `Suite/test` the index names is a test function of that suite, declared in one of
    /// the Swift files of `Tests/ObservingTests`.
    @Test func everyNamedTestExists() throws {
        let files = try Self.swiftFiles(under: Self.tests)
        let references = Set(try Self.entries().flatMap(\.references))
        #expect(!references.isEmpty)
        let missing = references.sorted().filter { reference in
            let parts = reference.split(separator: "/")
            let suite = "struct \(parts[0]) {"
            let test = "func \(parts[1])("
            return !files.contains { $0.text.contains(suite) && $0.text.contains(test) }
        }
        #expect(missing == [], "the index names tests that no file declares")
    }

    /// Every test of this folder (but these) checks a promise that the index lists.
    @Test func everyPromiseTestIsIndexed() throws {
        let references = Set(try Self.entries().flatMap(\.references))
        let suitePattern = try Regex(#"@Suite struct ([A-Za-z0-9]+PromiseTests)"#)
        let testPattern = try Regex(#"@Test(?:\([^)]*\))?\s+func ([a-z][A-Za-z0-9]*)\("#)
        var tests: [String] = []
        for file in try Self.swiftFiles(under: Self.promises) where file.name != "PromiseIndexTests.swift" {
            let suites = file.text.matches(of: suitePattern).compactMap { $0.output[1].substring }
            guard suites.count == 1, let suite = suites.first else {
                #expect(suites.isEmpty, "\(file.name) declares more than one suite")
                continue
            }
            for match in file.text.matches(of: testPattern) {
                if let name = match.output[1].substring { tests.append("\(suite)/\(name)") }
            }
        }
        #expect(tests.count >= 20)
        let unindexed = tests.filter { !references.contains($0) }
        #expect(unindexed == [], "tests of this folder missing from PromiseIndex.swift")
    }
}
