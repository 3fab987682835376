/// Writes snapshots to the output as they change: frames redrawn in place, appended frames, or
/// JSON lines.
///
/// A snapshot equal to the last one written is skipped, and so is, in the text modes, one whose
/// frame reads the same as the last (a change hidden from view, such as a badge behind a hidden
/// tab bar). In ``Mode/live`` and ``Mode/append``
/// frames are written at most 30 times a second: a change arriving sooner is held and written
/// when the interval has passed (only the newest held snapshot is written). ``Mode/everyFrame``
/// and ``Mode/json`` write every change at once. Call ``finish()`` at the end so that a held
/// snapshot is written.
@MainActor
public final class FrameDisplay {
    /// How snapshots are written.
    public enum Mode: Equatable, Sendable {
        /// Text frames redrawn in place with ANSI cursor movement (a terminal).
        case live
        /// Text frames appended one after another, separated by a blank line.
        case append
        /// Like ``append``, but every change, without the 30-per-second limit (`--frames`).
        case everyFrame
        /// One JSON object per line per change (`--format json`).
        case json
    }

    /// The shortest time between two frames in the throttled modes: a thirtieth of a second.
    public static let minimumFrameInterval = Duration.milliseconds(1000) / 30

    private let mode: Mode
    private let minimumInterval: Duration
    private let renderer: TextRenderer
    private let write: (String) -> Void
    private let clock = ContinuousClock()
    private var lastWritten: ShellState?
    private var held: ShellState?
    private var lastWriteTime: ContinuousClock.Instant?
    private var flushTask: Task<Void, Never>?
    private var hasDrawnLiveFrame = false
    private var lastText: [String] = []

    /// Creates a display.
    ///
    /// - Parameters:
    ///   - mode: How snapshots are written.
    ///   - renderer: Draws text frames (unused in ``Mode/json``).
    ///   - minimumInterval: The shortest time between two frames in the throttled modes;
    ///     ``minimumFrameInterval`` (a thirtieth of a second) by default.
    ///   - write: Writes text to the output at once (unbuffered), called on the main actor.
    public init(
        mode: Mode, renderer: TextRenderer, minimumInterval: Duration = minimumFrameInterval,
        write: @escaping (String) -> Void
    ) {
        self.mode = mode
        self.minimumInterval = minimumInterval
        self.renderer = renderer
        self.write = write
    }

    /// Shows a snapshot, now or, when throttled, within a thirtieth of a second.
    ///
    /// - Parameter state: The current snapshot.
    public func show(_ state: ShellState) {
        guard state != lastWritten else {
            held = nil  // Changed back to what is on show: the held snapshot is stale.
            return
        }
        guard state != held else { return }
        switch mode {
        case .everyFrame, .json: output(state)
        case .live, .append:
            let now = clock.now
            if let lastWriteTime, now - lastWriteTime < minimumInterval {
                held = state
                scheduleFlush(at: lastWriteTime + minimumInterval)
            } else {
                output(state)
            }
        }
    }

    /// Writes the held snapshot, if any; call once at the end of the run.
    public func finish() {
        flushTask?.cancel()
        flushTask = nil
        if let held { output(held) }
    }

    private func scheduleFlush(at deadline: ContinuousClock.Instant) {
        guard flushTask == nil else { return }
        flushTask = Task { [weak self] in
            try? await Task.sleep(until: deadline, clock: .continuous)
            guard !Task.isCancelled, let self else { return }
            self.flushTask = nil
            if let held = self.held { self.output(held) }
        }
    }

    private func output(_ state: ShellState) {
        held = nil
        lastWritten = state
        lastWriteTime = clock.now
        switch mode {
        case .json:
            write(state.jsonLine() + "\n")
        case .append, .everyFrame, .live:
            // A change out of sight (a badge behind the hidden tab bar) draws the same frame: skip it.
            let lines = renderer.render(state)
            guard lines != lastText else { return }
            lastText = lines
            if mode != .live {
                write(lines.joined(separator: "\n") + "\n\n")
                return
            }
            // Move to the first line of the previous frame and overwrite it: same line count each time.
            let home = hasDrawnLiveFrame ? "\u{1B}[\(TextRenderer.lineCount)F" : ""
            hasDrawnLiveFrame = true
            write(home + lines.map { $0 + "\u{1B}[K\n" }.joined())
        }
    }
}
