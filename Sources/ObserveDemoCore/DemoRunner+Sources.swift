import Foundation

extension DemoRunner {
    /// Plays the built-in scenario on the social-app shell.
    func runScenario() async {
        let shell = shells.socialApp()
        display.show(shell.snapshot())
        for (offset, event) in Scenario.socialApp.enumerated() {
            guard !Task.isCancelled else { return }
            await perform(event, on: shell, in: "<scenario>", line: offset + 1)
        }
    }

    /// Reads a JSON Lines event stream and applies each good line to the social-app shell.
    ///
    /// - Parameter path: A file path, or `-` for standard input.
    /// - Throws: ``UsageError`` when the stream cannot be opened.
    func runEvents(path: String) async throws(UsageError) {
        let input = try EventInput(path: path)
        let shell = shells.socialApp()
        let parser = EventParser(tabCount: shell.tabCount)
        display.show(shell.snapshot())
        for await item in input.lines() {
            let line: LineSplitter.Line
            switch item {
            case .success(let read): line = read
            case .failure(let error):
                hasBadInput = true
                report("reading '\(input.name)' failed: \(error.localizedDescription)")
                return
            }
            let isGood: Bool
            switch line.content {
            case .overlong(let length):
                report(
                    .lineTooLong(length: length, limit: EventParser.maximumLineLength), in: input.name,
                    line: line.number)
                isGood = false
            case .text(let text):
                do {
                    if let event = try parser.parse(text) {
                        isGood = await perform(event, on: shell, in: input.name, line: line.number)
                    } else {
                        isGood = true
                    }
                } catch {
                    report(error, in: input.name, line: line.number)
                    isGood = false
                }
            }
            if !isGood && options.isStrict { return }
        }
    }

    /// Polls a directory every `--interval` milliseconds and shows its sub-folders as tabs.
    ///
    /// Polling, rather than inotify or kqueue/FSEvents, keeps `--watch` portable across Linux and
    /// macOS with Foundation alone, sees changes on network and FUSE file systems that events can
    /// miss, and costs one directory listing per tab per interval. When the folders change (one
    /// added, removed or renamed) the shell is rebuilt, keeping the selected tab when it still
    /// exists; when only counts change, the badges are set, so observers see just those changes.
    ///
    /// - Parameter directory: The directory to watch.
    /// - Throws: ``DirectoryError`` when the directory cannot be read at the start; later
    ///   failures are reported once on standard error and the last state stays on show.
    func watch(directory: String) async throws(DirectoryError) {
        let scanner = DirectoryScanner(directory: URL(fileURLWithPath: directory, isDirectory: true))
        var folders = try scanner.scan()
        var shell = shells.folders(folders)
        var lastFailure: DirectoryError?
        display.show(shell.snapshot())
        while !Task.isCancelled {
            try? await Task.sleep(for: .milliseconds(options.intervalMilliseconds))
            guard !Task.isCancelled else { return }
            let scanned: [FolderCount]
            do {
                scanned = try scanner.scan()
                lastFailure = nil
            } catch {
                if error != lastFailure { report("\(error); showing the last state") }
                lastFailure = error
                continue
            }
            if scanned.map(\.name) != folders.map(\.name) {
                let selected = shell.snapshot().selectedIndex
                shell = shells.folders(scanned)
                if let selected, selected < shell.tabCount { try? shell.apply(.select(tab: selected)) }
            } else {
                for (index, (old, new)) in zip(folders, scanned).enumerated() where old != new {
                    try? shell.apply(.badge(tab: index, value: new.badgeValue))
                }
            }
            folders = scanned
            display.show(shell.snapshot())
        }
    }

    /// Applies one event (or waits, for `delay`) and shows the new state.
    ///
    /// - Returns: Whether the event was good; a refused one is reported and changes nothing.
    @discardableResult
    private func perform(_ event: DemoEvent, on shell: any ShellModel, in file: String, line: Int) async
        -> Bool
    {
        if case .delay(let milliseconds) = event {
            await pause(milliseconds: milliseconds)
            return true
        }
        do {
            try shell.apply(event)
        } catch {
            report(error, in: file, line: line)
            return false
        }
        display.show(shell.snapshot())
        return true
    }
}
