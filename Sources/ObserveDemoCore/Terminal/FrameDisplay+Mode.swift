extension FrameDisplay.Mode {
    /// The mode a run with these options uses on this terminal.
    ///
    /// `--format json` prints JSON and `--frames` appends every frame. Otherwise frames are
    /// redrawn in place on a terminal, whether or not `NO_COLOR` is set (it turns off colour
    /// only), except on a dumb terminal (`TERM=dumb`), which takes no cursor movement, and when
    /// the events are typed on it (`--events -` with a terminal as standard input): the echoed
    /// lines would shift the redraw and be overwritten. Then frames are appended, as they are
    /// when standard output is no terminal.
    ///
    /// - Parameters:
    ///   - options: The parsed command line.
    ///   - terminal: The standard streams' properties.
    public init(options: DemoOptions, terminal: Terminal) {
        let isTyping = options.source == .events(path: "-") && terminal.isInputTerminal
        self =
            switch (options.format, options.printsEveryFrame, terminal.redrawsInPlace && !isTyping) {
            case (.json, _, _): .json
            case (.text, true, _): .everyFrame
            case (.text, false, true): .live
            case (.text, false, false): .append
            }
    }
}
