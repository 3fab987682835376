import Foundation
import Testing

/// The folders of ObserveDemoCore are its layers: each uses only the layers below it, and only
/// the runner, at the module's top level, ties input to rendering.
///
/// A layer's types are those its files declare at file scope; a layer uses another when its code
/// (comments aside) names one of the other's types.
@Suite struct LayeringTests {
    /// The layers each layer may use.
    ///
    /// Input and rendering know nothing of each other, nor does input know the terminal.
    private static let allowed: [String: Set<String>] = [
        "Shell": [],
        "Input": ["Shell"],  // The events and folder counts it reads.
        "Rendering": ["Shell"],  // The snapshots it draws.
        "Command": ["Rendering"],  // The narrowest frame, for `--width`.
        "Terminal": ["Shell", "Rendering", "Command"],  // The options choose how frames are written.
    ]

    @Test func eachLayerUsesOnlyTheLayersItMay() throws {
        let layers = try Self.layers()
        #expect(Set(layers.keys) == Set(Self.allowed.keys), "every folder is a layer with its rules")
        let declared = layers.mapValues { files in Set(files.flatMap { Self.declaredTypes(in: $0.code) }) }
        for (layer, files) in layers {
            for file in files {
                let used = Self.identifiers(in: file.code)
                for (other, types) in declared
                where other != layer && !(Self.allowed[layer]?.contains(other) ?? false) {
                    let named = used.intersection(types)
                    #expect(named.isEmpty, "\(file.path) (\(layer)) uses \(other): \(named.sorted())")
                }
            }
        }
    }

    @Test func atMostSixFilesStayAtTheTop() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.module.path)
            .filter { $0.hasSuffix(".swift") }
        #expect(names.count <= 6, "\(names.sorted())")
    }

    private static let module = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/ObserveDemoCore", isDirectory: true)

    /// Each layer's Swift files, by the name of its folder, with their code (comments removed).
    private static func layers() throws -> [String: [(path: String, code: String)]] {
        let manager = FileManager.default
        var layers: [String: [(path: String, code: String)]] = [:]
        let folders = try manager.contentsOfDirectory(atPath: module.path).filter { name in
            var isDirectory: ObjCBool = false
            return manager.fileExists(
                atPath: module.appendingPathComponent(name).path, isDirectory: &isDirectory)
                && isDirectory.boolValue
        }
        for folder in folders {
            let root = module.appendingPathComponent(folder, isDirectory: true)
            let paths = try #require(manager.subpathsOfDirectory(atPath: root.path) as [String]?)
            for path in paths where path.hasSuffix(".swift") {
                let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
                let code = text.split(separator: "\n", omittingEmptySubsequences: false)
                    .map {
                        $0.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                    }
                    .joined(separator: "\n")
                layers[folder, default: []].append((folder + "/" + path, code))
            }
        }
        return layers
    }

    /// The names of the types declared at file scope (not indented).
    private static func declaredTypes(in code: String) -> [String] {
        code.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix(" ") else { return nil }
            let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
            guard
                let index = words.firstIndex(where: {
                    ["struct", "enum", "class", "protocol", "actor"].contains($0)
                }),
                words[..<index].allSatisfy({ ["public", "final"].contains($0) }), index + 1 < words.count
            else { return nil }
            return String(words[index + 1].prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
        .filter { !$0.isEmpty }
    }

    /// Every identifier in the code.
    private static func identifiers(in code: String) -> Set<String> {
        Set(code.split { !($0.isLetter || $0.isNumber || $0 == "_") }.map(String.init))
    }
}
