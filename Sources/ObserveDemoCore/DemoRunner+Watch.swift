import Foundation

extension DemoRunner {
    /// Polls a directory every `--interval` milliseconds and shows its sub-folders as tabs.
    ///
    /// Polling, rather than inotify or kqueue/FSEvents, keeps `--watch` portable across Linux and
    /// macOS with Foundation alone, sees changes on network and FUSE file systems that events can
    /// miss, and costs one directory listing per tab per interval. When the folders change (one
    /// added, removed or renamed) the shell is rebuilt, keeping the selected tab when it still
    /// exists; when only counts change, the badges are set, so observers see just those changes.
    /// The caption names the badges set (`b badge ← "2"; c badge ← nil: hidden`), or says
    /// `folders changed: ` and the new tabs; each rebuild and each badge set counts as one event.
    /// Sub-folders past the fifth are left out with a note on standard error, given again only
    /// when their number changes.
    ///
    /// - Parameter directory: The directory to watch.
    /// - Throws: ``DirectoryError`` when the directory cannot be read at the start; later
    ///   failures are reported once on standard error and the last state stays on show. Ends
    ///   without throwing at the first poll after a write to standard output failed.
    func watch(directory: String) async throws(DirectoryError) {
        let scanner = DirectoryScanner(directory: URL(fileURLWithPath: directory, isDirectory: true))
        let first = try scanner.list()
        var folders = first.folders
        var notedTotal = noteLeftOutFolders(first, notedTotal: nil)
        var shell = shells.folders(folders)
        var lastFailure: DirectoryError?
        showStart(of: shell)
        while !Task.isCancelled, !outputFailed {
            try? await sleep(.milliseconds(options.intervalMilliseconds))
            guard !Task.isCancelled else { return }
            let scanned: [FolderCount]
            do {
                let listing = try scanner.list()
                scanned = listing.folders
                notedTotal = noteLeftOutFolders(listing, notedTotal: notedTotal)
                lastFailure = nil
            } catch {
                if error != lastFailure { note("\(error); showing the last state") }
                lastFailure = error
                continue
            }
            if scanned.map(\.name) != folders.map(\.name) {
                let selected = shell.snapshot().selectedIndex
                shell = shells.folders(scanned)
                if let selected, selected < shell.tabCount { try? shell.apply(.select(tab: selected)) }
                countRebuild()
                showStart(of: shell, prefix: "folders changed: ")
            } else {
                var captions: [String] = []
                var last: ShellState?
                for (index, (old, new)) in zip(folders, scanned).enumerated() where old != new {
                    let badge = DemoEvent.badge(tab: index, value: new.badgeValue)
                    guard let applied = try? apply(badge, to: shell) else { continue }
                    last = applied.state
                    if let caption = applied.caption { captions.append(caption) }
                }
                if let last { display.show(last, caption: captions.joined(separator: "; ")) }
            }
            folders = scanned
        }
    }

    /// Notes on standard error that folders were left out, unless already noted for this total.
    ///
    /// - Returns: The total folder count, to pass back with the next listing.
    private func noteLeftOutFolders(_ listing: DirectoryScanner.Listing, notedTotal: Int?) -> Int {
        if listing.isTruncated, listing.totalFolderCount != notedTotal {
            note("showing the first \(listing.folders.count) of \(listing.totalFolderCount) folders")
        }
        return listing.totalFolderCount
    }
}
