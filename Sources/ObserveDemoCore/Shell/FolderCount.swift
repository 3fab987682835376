/// One watched sub-folder: its name (the tab's title) and how many files it holds (the badge).
public struct FolderCount: Equatable, Sendable {
    /// The sub-folder's name.
    public var name: String
    /// The number of regular, non-hidden files in it (or in its `new/` sub-folder), or `nil` when
    /// it could not be read.
    public var fileCount: Int?

    /// Creates a folder count.
    ///
    /// - Parameters:
    ///   - name: The sub-folder's name.
    ///   - fileCount: The number of files counted, or `nil` when unreadable.
    public init(name: String, fileCount: Int?) {
        self.name = name
        self.fileCount = fileCount
    }

    /// The badge value for the count: the number, `nil` for 0 (no badge), `"?"` when unreadable.
    public var badgeValue: String? {
        switch fileCount {
        case nil: "?"
        case 0: nil
        case let count?: String(count)
        }
    }
}
