extension DemoRunner {
    /// Reads a JSON Lines event stream and applies each good line to the social-app shell.
    ///
    /// - Parameter path: A file path, or `-` for standard input.
    /// - Throws: ``EventInputError`` when the stream cannot be opened, or reading it fails; the
    ///   lines read before the failure keep their effect.
    func runEvents(path: String) async throws(EventInputError) {
        let input = try EventInput(path: path)
        let shell = shells.socialApp()
        let parser = EventParser(tabCount: shell.tabCount)
        showStart(of: shell)
        for await item in input.lines() {
            // A failed write ends the run at the next line rather than at the stream's end.
            guard !outputFailed else { return }
            let line: LineSplitter.Line
            switch item {
            case .success(let read): line = read
            case .failure(let error): throw error
            }
            let isGood: Bool
            do {
                if let event = try parser.parse(line) {
                    isGood = await perform(event, on: shell, in: input.name, line: line.number)
                } else {
                    isGood = true
                }
            } catch {
                report(.badEvent(error, file: input.name, line: line.number))
                isGood = false
            }
            if !isGood && options.isStrict { return }
        }
    }
}
