import Foundation
import ObserveDemoCore
import Testing

@Suite struct DirectoryScannerTests {
    @Test func countsRegularVisibleFilesPreferringMaildirNew() throws {
        let root = try TemporaryDirectory()
        try root.makeFolders("b", "a", ".hidden", "mail/new", "mail/cur")
        try root.makeFiles(
            "a/1", "a/2", "a/.dot", "b/x", "mail/new/m1", "mail/cur/m2", "mail/cur/m3", "loose")
        try root.makeFolders("a/inner")
        let counts = try DirectoryScanner(directory: root.url).scan()
        #expect(
            counts == [
                FolderCount(name: "a", fileCount: 2),
                FolderCount(name: "b", fileCount: 1),
                FolderCount(name: "mail", fileCount: 1),
            ])
    }

    @Test func keepsTheFirstFiveByName() throws {
        let root = try TemporaryDirectory()
        try root.makeFolders("f", "e", "d", "c", "b", "a")
        let names = try DirectoryScanner(directory: root.url).scan().map(\.name)
        #expect(names == ["a", "b", "c", "d", "e"])
        let listing = try DirectoryScanner(directory: root.url).list()
        #expect(listing.folders.map(\.name) == names)
        #expect(listing.totalFolderCount == 6)
        #expect(listing.isTruncated)
    }

    @Test func missingAndNonDirectoryPathsAreErrors() throws {
        let root = try TemporaryDirectory()
        try root.makeFiles("plain")
        let missing = root.url.appendingPathComponent("nope")
        #expect(throws: DirectoryError.missing(missing.path)) {
            try DirectoryScanner(directory: missing).scan()
        }
        let file = root.url.appendingPathComponent("plain")
        #expect(throws: DirectoryError.notADirectory(file.path)) {
            try DirectoryScanner(directory: file).scan()
        }
    }

    @Test func badgeValues() {
        #expect(FolderCount(name: "a", fileCount: 3).badgeValue == "3")
        #expect(FolderCount(name: "a", fileCount: 0).badgeValue == nil)
        #expect(FolderCount(name: "a", fileCount: nil).badgeValue == "?")
    }
}
