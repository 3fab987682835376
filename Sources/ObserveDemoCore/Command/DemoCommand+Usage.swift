extension DemoCommand {
    /// The version printed by `--version`.
    public static let versionText = "observe-demo 0.1.0"

    /// The text printed by `--help`: every option and an example of each mode.
    public static let usageText = """
        USAGE: observe-demo [--events FILE|- | --watch DIR] [options]

        Draws an app shell (navigation bar, content, tab bar with badges and a plus button)
        in the terminal and updates it live as its models change.

        SOURCES (at most one; without one, a built-in scenario runs for about 6 seconds):
          --events FILE|-     read JSON Lines events from FILE, or from standard input for '-':
                              one object per line, kinds badge, title, image, select, plus,
                              dismiss, push, pop, popTo, popToRoot, delay
                              (see docs/observe-demo.md)
          --watch DIR         each sub-folder of DIR (sorted by name, at most 5, with a note on
                              standard error when there are more) becomes a tab whose badge
                              counts its regular, non-hidden files (in 'new/' when present, as
                              in a Maildir)

        OPTIONS:
          --interval MS       polling period of --watch in milliseconds, 10 to 60000
                              (default 500; only with --watch)
          --duration SECONDS  stop after this long (0.001 to 86400), whatever the source
                              (default: when the source ends; --watch runs until interrupted)
          --format text|json  draw frames (default), or print one JSON object per state change
          --width N           frame width in columns, 28 to 1000 (default: the terminal's,
                              else 80); redrawn frames never exceed the terminal's width
          --speed X           pace factor for delays, 0.001 to 1000: 2 is twice as fast
                              (default 1)
          --frames            print every state change as its own frame instead of redrawing
          --strict            stop at the first bad event line
          --help              show this help
          --version           show the version

        EXIT STATUS: 0 all input was good, 1 some event line was bad, 2 usage error, a
        source that cannot be read (a missing events file or directory, a failed read), a
        terminal narrower than 28 columns for text frames, or a failed write to standard
        output.
        Each frame has a caption line under it saying what the last event did, and the run
        ends with a line such as '42 events applied, 2 rejected, 36 frames drawn' (the
        rejected count only when lines were rejected; --format json has neither). On a
        terminal, frames are redrawn in place (appended when the events are typed there
        with --events -, or when TERM=dumb) and coloured unless NO_COLOR is set or
        TERM=dumb; otherwise plain text, appended.

        EXAMPLES:
          observe-demo
          observe-demo --speed 4 --format json
          echo '{"kind":"badge","tab":1,"value":"5"}' | observe-demo --events -
          observe-demo --events updates.jsonl --strict
          observe-demo --watch ~/Maildir --interval 250 --duration 60
        """
}
