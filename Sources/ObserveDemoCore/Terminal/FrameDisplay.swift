/// Writes snapshots to the output as they change: frames redrawn in place, appended frames, or
/// JSON lines.
///
/// In the text modes a snapshot may come with a caption (see ``EventCaption``), drawn as one
/// more line under its frame; ``Mode/json`` leaves captions out. A snapshot equal to the last one
/// written (with the same caption) is skipped, and so is, in the text modes, one whose frame and
/// caption read the same as the last. In ``Mode/live`` and ``Mode/append``
/// frames are written at most 30 times a second: a change arriving sooner is held and written
/// when the interval has passed (only the newest held snapshot is written). ``Mode/everyFrame``
/// and ``Mode/json`` write every change at once. Call ``finish()`` at the end so that a held
/// snapshot is written. Time is read from the clock given at creation (`ContinuousClock` unless
/// told otherwise), and a held snapshot is written by a task that sleeps on that clock.
///
/// In ``Mode/live`` the window size is read before each frame: the frame is drawn no wider than
/// the terminal (as wide as the terminal when it follows its width), the cursor goes up by the
/// rows the previous frame takes at the current width. When the terminal is narrower than
/// ``TextRenderer/minimumWidth`` one line asking to widen it is drawn in place instead of the
/// frame, which would wrap; when it is not taller than a frame, frames are appended instead.
/// Either way the frames come back in place once the terminal is large enough again. Call ``continueBelow()`` after writing anything else to the terminal, so
/// that the next frame does not cover it.
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

    let mode: Mode
    private let minimumInterval: Duration
    let renderer: TextRenderer
    let windowSize: () -> Terminal.WindowSize?
    let followsWindowWidth: Bool
    let write: (String) -> Void
    /// Reads the display's clock: the time since the display was made.
    private let elapsed: () -> Duration
    /// Sleeps on the display's clock until this much time has passed since the display was made.
    private let sleepUntil: @Sendable (Duration) async throws -> Void
    /// A snapshot with its caption, as shown.
    private struct Shown: Equatable {
        var state: ShellState
        var caption: String?
    }

    private var lastWritten: Shown?
    private var held: Shown?
    /// When the last frame was written, as a time since the display was made.
    private var lastWriteTime: Duration?
    private var flushTask: Task<Void, Never>?
    /// The lines of the last text frame, to skip a frame that reads the same.
    var lastText: [String] = []
    /// The number of frames written so far (JSON lines in ``Mode/json``), not counting frames
    /// skipped because they read the same as the last, nor the line drawn in place of a frame
    /// on a terminal too narrow for one.
    public internal(set) var framesDrawn = 0
    /// The extent of the frame last drawn in place, which the next one overwrites; `nil` when
    /// the next frame starts below (at the start, after appending, after ``continueBelow()``).
    var frameInPlace: (lineCount: Int, width: Int)?

    /// Creates a display.
    ///
    /// - Parameters:
    ///   - mode: How snapshots are written.
    ///   - renderer: Draws text frames (unused in ``Mode/json``).
    ///   - minimumInterval: The shortest time between two frames in the throttled modes;
    ///     ``minimumFrameInterval`` (a thirtieth of a second) by default.
    ///   - clock: The clock that paces the throttled modes: it tells when the last frame was
    ///     written and when a held one is due. `ContinuousClock` by default; a test passes a clock
    ///     that it advances by hand. Retained.
    ///   - windowSize: Reads the terminal's size, called before each frame in ``Mode/live``; by
    ///     default none is known and frames are drawn at the renderer's width.
    ///   - followsWindowWidth: Whether live frames take the terminal's full width (no `--width`)
    ///     rather than the renderer's width, capped at the terminal's; `false` by default.
    ///   - write: Writes text to the output at once (unbuffered), called on the main actor.
    public init<C: Clock>(
        mode: Mode, renderer: TextRenderer, minimumInterval: Duration = minimumFrameInterval,
        clock: C = ContinuousClock(), windowSize: @escaping () -> Terminal.WindowSize? = { nil },
        followsWindowWidth: Bool = false, write: @escaping (String) -> Void
    ) where C.Duration == Duration {
        // Times are kept as offsets from this instant, so that the display needs no type of the
        // clock's own.
        let start = clock.now
        elapsed = { start.duration(to: clock.now) }
        sleepUntil = { try await clock.sleep(until: start.advanced(by: $0), tolerance: nil) }
        self.mode = mode
        self.minimumInterval = minimumInterval
        self.renderer = renderer
        self.windowSize = windowSize
        self.followsWindowWidth = followsWindowWidth
        self.write = write
    }

    /// Shows a snapshot, now or, when throttled, within a thirtieth of a second.
    ///
    /// - Parameters:
    ///   - state: The current snapshot.
    ///   - caption: What the last event did (see ``EventCaption``), drawn under the frame in the
    ///     text modes and ignored in ``Mode/json``; `nil` (the default) draws the frame alone.
    public func show(_ state: ShellState, caption: String? = nil) {
        let state = Shown(state: state, caption: mode == .json ? nil : caption)
        guard state != lastWritten else {
            held = nil  // Changed back to what is on show: the held snapshot is stale.
            return
        }
        guard state != held else { return }
        switch mode {
        case .everyFrame, .json: output(state)
        case .live, .append:
            let now = elapsed()
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

    /// Writes the held snapshot at `deadline` (a time since the display was made), unless a
    /// write is already scheduled.
    private func scheduleFlush(at deadline: Duration) {
        guard flushTask == nil else { return }
        let sleepUntil = sleepUntil
        flushTask = Task { [weak self] in
            try? await sleepUntil(deadline)
            guard !Task.isCancelled, let self else { return }
            self.flushTask = nil
            if let held = self.held { self.output(held) }
        }
    }

    private func output(_ shown: Shown) {
        held = nil
        lastWritten = shown
        lastWriteTime = elapsed()
        switch mode {
        case .json:
            write(shown.state.jsonLine() + "\n")
            framesDrawn += 1
        case .append, .everyFrame: appendFrame(lines(shown.state, caption: shown.caption, renderer: renderer))
        case .live: drawLive(shown.state, caption: shown.caption)
        }
    }
}
