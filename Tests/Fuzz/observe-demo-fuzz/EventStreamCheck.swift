import Foundation
import ObserveDemoCore

/// The property fuzzed: any bytes read as an `--events` stream are split, parsed and applied to
/// the social-app shell without a crash or a trap, and every line is blank, applied, or rejected
/// with a diagnostic that names it and leaves the shell as it was.
///
/// Each input starts from a new shell, so that a crash reproduces from its input alone. Events
/// are applied directly with ``ShellModel/apply(_:)``, as the runner does but without its
/// pauses; after each applied event the new state is drawn, as the runner draws it, and its
/// `--format json` form is encoded at the end. A property that does not hold stops the process
/// with a message naming the line.
@MainActor
enum EventStreamCheck {
    /// What became of an input's lines.
    struct Tally {
        var lines = 0
        var blank = 0
        var applied = 0
        var rejected = 0
    }

    /// The name the diagnostics give the stream.
    static let streamName = "<fuzz>"

    /// Checks one input.
    ///
    /// - Parameter bytes: The stream's bytes.
    /// - Returns: What became of its lines.
    static func run(_ bytes: Data) -> Tally {
        let shell = AppShell.socialApp()
        let parser = EventParser(tabCount: shell.tabCount)
        var state = shell.snapshot()
        var tally = Tally()
        for line in SplitterCheck.run(bytes) {
            tally.lines += 1
            check(line, parser: parser, shell: shell, state: &state, tally: &tally)
        }
        require(tally.blank + tally.applied + tally.rejected == tally.lines, "a line went missing: \(tally)")
        let json = (try? JSONEncoder().encode(state)) ?? Data()
        require(!json.isEmpty && !json.contains(0x0A), "the JSON form is not one line")
        return tally
    }

    /// Reads and applies one line; `state` is the shell's snapshot before it and after it.
    private static func check(
        _ line: LineSplitter.Line, parser: EventParser, shell: AppShell, state: inout ShellState,
        tally: inout Tally
    ) {
        let event: DemoEvent?
        do {
            event = try parser.parse(line)
        } catch {
            require(!isBlank(line), "line \(line.number): a blank line was rejected: \(error)")
            checkDiagnostic(error, line: line.number)
            tally.rejected += 1
            return
        }
        guard let event else {
            require(isBlank(line), "line \(line.number): a line with content was skipped as blank")
            tally.blank += 1
            return
        }
        EventCheck.checkParsed(event, tabCount: parser.tabCount, line: line.number)
        do {
            try shell.apply(event)
        } catch {
            require(shell.snapshot() == state, "line \(line.number): refused \(event) changed the shell")
            checkDiagnostic(error, line: line.number)
            tally.rejected += 1
            return
        }
        let after = shell.snapshot()
        EventCheck.checkApplied(event, before: state, after: after, line: line.number)
        FrameCheck.check(after, line: line.number)
        state = after
        tally.applied += 1
    }

    /// A line of only spaces, tabs and carriage returns, which the parser skips.
    private static func isBlank(_ line: LineSplitter.Line) -> Bool {
        guard case .text(let text) = line.content else { return false }
        return text.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }

    /// The diagnostic as the runner writes it names the stream and the line, on one line.
    private static func checkDiagnostic(_ error: EventError, line: Int) {
        let written = DemoError.badEvent(error, file: streamName, line: line).message
        let prefix = "\(streamName):\(line): error: "
        require(
            written.hasPrefix(prefix) && written.count > prefix.count,
            "line \(line): the diagnostic does not name the line: \(written)")
        require(!written.contains(where: \.isNewline), "line \(line): the diagnostic spans lines: \(written)")
    }
}
