import Foundation

/// A fresh directory under the system's temporary directory, removed when released.
final class TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("observe-demo-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }

    func makeFolders(_ paths: String...) throws {
        for path in paths {
            try FileManager.default.createDirectory(
                at: url.appendingPathComponent(path), withIntermediateDirectories: true)
        }
    }

    func makeFiles(_ paths: String...) throws {
        for path in paths {
            try Data("x".utf8).write(to: url.appendingPathComponent(path))
        }
    }

    func removeFiles(_ paths: String...) throws {
        for path in paths {
            try FileManager.default.removeItem(at: url.appendingPathComponent(path))
        }
    }
}
