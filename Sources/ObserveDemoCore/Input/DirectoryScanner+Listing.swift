extension DirectoryScanner {
    /// One reading of the directory: the sub-folders counted, and how many there are in all.
    public struct Listing: Equatable, Sendable {
        /// Up to ``DirectoryScanner/maximumFolderCount`` sub-folders with their counts, by name.
        public var folders: [FolderCount]
        /// The number of non-hidden sub-folders, counted or not.
        public var totalFolderCount: Int

        /// Creates a listing.
        ///
        /// - Parameters:
        ///   - folders: The sub-folders counted, sorted by name.
        ///   - totalFolderCount: The number of sub-folders in all.
        public init(folders: [FolderCount], totalFolderCount: Int) {
            self.folders = folders
            self.totalFolderCount = totalFolderCount
        }

        /// Whether some sub-folders were left out, being past ``DirectoryScanner/maximumFolderCount``.
        public var isTruncated: Bool { totalFolderCount > folders.count }
    }
}
