import Foundation

/// Counts the files in the sub-folders of a directory, for `--watch`.
///
/// The sub-folders of the directory, sorted by name (in Unicode code-point order) and at most
/// ``maximumFolderCount``, become tabs. Each one's count is the number of regular, non-hidden files
/// directly in it; when it has a `new` sub-folder, as a Maildir does, the files in `new` are
/// counted instead (the unread messages). Hidden entries (names starting with ".") are skipped
/// throughout.
public struct DirectoryScanner: Sendable {
    /// The most sub-folders that become tabs.
    public static let maximumFolderCount = 5

    /// The directory whose sub-folders are counted.
    public var directory: URL

    /// Creates a scanner.
    ///
    /// - Parameter directory: The directory to scan.
    public init(directory: URL) {
        self.directory = directory
    }

    /// Reads the directory once.
    ///
    /// - Returns: Up to ``maximumFolderCount`` sub-folders with their counts, sorted by name.
    /// - Throws: ``DirectoryError`` when the directory is missing, not a directory or unreadable.
    /// - Complexity: O(n) file-system reads, where n is the number of entries examined.
    public func scan() throws(DirectoryError) -> [FolderCount] {
        try list().folders
    }

    /// Reads the directory once, telling how many sub-folders it has besides those counted.
    ///
    /// - Returns: Up to ``maximumFolderCount`` sub-folders with their counts, sorted by name, and
    ///   the number of sub-folders in all.
    /// - Throws: ``DirectoryError`` when the directory is missing, not a directory or unreadable.
    /// - Complexity: O(n) file-system reads, where n is the number of entries examined.
    public func list() throws(DirectoryError) -> Listing {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) else {
            throw .missing(directory.path)
        }
        guard isDirectory.boolValue else { throw .notADirectory(directory.path) }
        guard let entries = try? contents(of: directory) else { throw .unreadable(directory.path) }
        let names = entries.filter { Self.isDirectory($0) }
            .map(\.lastPathComponent)
            .sorted { $0.unicodeScalars.lexicographicallyPrecedes($1.unicodeScalars) }
        let folders = names.prefix(Self.maximumFolderCount).map { name in
            let folder = directory.appendingPathComponent(name, isDirectory: true)
            let maildirNew = folder.appendingPathComponent("new", isDirectory: true)
            let counted = Self.isDirectory(maildirNew) ? maildirNew : folder
            let count = (try? contents(of: counted))?.count(where: Self.isRegularFile)
            return FolderCount(name: name, fileCount: count)
        }
        return Listing(folders: folders, totalFolderCount: names.count)
    }

    private func contents(of folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(
            at: folder, includingPropertiesForKeys: [.isDirectoryKey, .isRegularFileKey],
            options: [.skipsHiddenFiles])
    }

    private static func isDirectory(_ url: URL) -> Bool {
        (try? url.resourceValues(forKeys: [.isDirectoryKey]))?.isDirectory ?? false
    }

    private static func isRegularFile(_ url: URL) -> Bool {
        (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile ?? false
    }
}
