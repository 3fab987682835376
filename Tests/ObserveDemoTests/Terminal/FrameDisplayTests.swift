import Foundation
import ObserveDemoCore
import Testing

@MainActor
@Suite(.timeLimit(.minutes(1)))
struct FrameDisplayTests {
    @Test func jsonWritesEveryChangeButNoRepeat() {
        var written: [String] = []
        let display = FrameDisplay(
            mode: .json, renderer: TextRenderer(width: 40, usesColor: false), clock: ManualClock()
        ) { written.append($0) }
        let states = ["a", "a", "b", "a"].map(Self.state)
        for state in states { display.show(state) }
        display.finish()
        #expect(written == [states[0], states[2], states[3]].map { $0.jsonLine() + "\n" })
    }

    @Test func throttledModesWriteOncePerIntervalAndKeepTheNewest() async {
        let clock = ManualClock()
        let recorder = FrameRecorder()
        let display = recorder.display(mode: .append, clock: clock)
        for title in ["a", "b", "c"] { display.show(Self.state(title)) }
        #expect(recorder.screens == ["a"])  // "b" and "c" came within the interval: held.
        await clock.waitForSleepers(1)
        #expect(clock.deadlines == [ManualClock.Instant(offset: .milliseconds(300))])
        clock.advance(by: .milliseconds(299))
        #expect(clock.deadlines.count == 1)  // Still waiting: nothing more can be written yet.
        #expect(recorder.screens == ["a"])
        clock.advance(by: .milliseconds(1))
        await recorder.waitForFrames(2)
        #expect(recorder.screens == ["a", "c"])  // Only the newest held snapshot.
        display.show(Self.state("d"))  // Within the interval after "c": held.
        #expect(recorder.screens == ["a", "c"])
        await clock.waitForSleepers(1)
        #expect(clock.deadlines == [ManualClock.Instant(offset: .milliseconds(600))])
        display.finish()
        #expect(recorder.screens == ["a", "c", "d"])
        #expect(clock.deadlines.isEmpty)  // The pending write was cancelled.
    }

    @Test func aChangeAfterTheIntervalIsWrittenAtOnce() async {
        let clock = ManualClock()
        let recorder = FrameRecorder()
        let display = recorder.display(mode: .append, clock: clock)
        display.show(Self.state("a"))
        clock.advance(by: .milliseconds(300))
        display.show(Self.state("b"))
        #expect(recorder.screens == ["a", "b"])
        #expect(clock.deadlines.isEmpty)
        clock.advance(by: .milliseconds(100))
        display.show(Self.state("c"))
        await clock.waitForSleepers(1)
        // Due one interval after the last frame, not after the change.
        #expect(clock.deadlines == [ManualClock.Instant(offset: .milliseconds(600))])
        clock.advance(by: .milliseconds(200))
        await recorder.waitForFrames(3)
        #expect(recorder.screens == ["a", "b", "c"])
    }

    @Test func aChangeBackToWhatIsShownDropsTheHeldSnapshot() {
        let recorder = FrameRecorder()
        let display = recorder.display(mode: .append, clock: ManualClock())
        display.show(Self.state("a"))
        display.show(Self.state("b"))
        display.show(Self.state("a"))
        display.finish()
        #expect(recorder.screens == ["a"])
    }

    @Test func everyFrameModeIsNotThrottled() {
        let recorder = FrameRecorder()
        let display = recorder.display(mode: .everyFrame, clock: ManualClock())
        for title in ["a", "b", "c"] { display.show(Self.state(title)) }
        #expect(recorder.screens == ["a", "b", "c"])
    }

    @Test func liveModeRedrawsInPlace() {
        var written: [String] = []
        let display = FrameDisplay(
            mode: .live, renderer: TextRenderer(width: 40, usesColor: true), clock: ManualClock()
        ) { written.append($0) }
        display.show(Self.state("a"))
        display.finish()
        display.show(Self.state("b"))
        display.finish()
        #expect(written.count == 2)
        #expect(!written[0].hasPrefix("\u{1B}[11F"))
        #expect(written[1].hasPrefix("\u{1B}[11F"))
    }

    @Test func aCaptionIsTheLineUnderTheFrame() {
        var written: [String] = []
        let renderer = TextRenderer(width: 40, usesColor: false)
        let display = FrameDisplay(mode: .everyFrame, renderer: renderer, clock: ManualClock()) {
            written.append($0)
        }
        display.show(Self.state("a"), caption: "select Me")
        let expected = renderer.render(Self.state("a")) + [" select Me"]
        #expect(written == [expected.joined(separator: "\n") + "\n\n"])
    }

    @Test func aNewCaptionAloneRedrawsTheFrame() {
        let recorder = FrameRecorder()
        let display = recorder.display(mode: .everyFrame, clock: ManualClock())
        display.show(Self.state("a"), caption: "one")
        display.show(Self.state("a"), caption: "one")
        display.show(Self.state("a"), caption: "two")  // Such as a pop to the root at the root.
        #expect(recorder.captions == [" one", " two"])
        #expect(display.framesDrawn == 2)
    }

    @Test func jsonLeavesCaptionsOut() {
        var written: [String] = []
        let display = FrameDisplay(
            mode: .json, renderer: TextRenderer(width: 40, usesColor: false), clock: ManualClock()
        ) { written.append($0) }
        display.show(Self.state("a"), caption: "one")
        display.show(Self.state("a"), caption: "two")  // The same state: no new line.
        display.show(Self.state("b"), caption: "three")
        #expect(written == [Self.state("a").jsonLine() + "\n", Self.state("b").jsonLine() + "\n"])
        #expect(display.framesDrawn == 2)
    }

    @Test func framesDrawnCountsOnlyWhatWasWritten() async {
        let clock = ManualClock()
        let recorder = FrameRecorder()
        let display = recorder.display(mode: .append, clock: clock)
        for title in ["a", "b", "c"] { display.show(Self.state(title)) }  // "b" dropped, "c" held.
        #expect(display.framesDrawn == 1)
        display.finish()
        #expect(display.framesDrawn == 2)
        #expect(display.framesDrawn == recorder.screens.count)
    }

    private static func state(_ screen: String) -> ShellState {
        ShellState(barWidth: 375, tabs: [], plusButton: nil, navigation: nil, screenTitle: screen)
    }
}

/// Records the frames a display writes, and lets a test wait for those written later.
@MainActor
private final class FrameRecorder {
    private(set) var frames: [String] = []
    private let arrivals: AsyncStream<Void>
    private let arrival: AsyncStream<Void>.Continuation

    init() {
        (arrivals, arrival) = AsyncStream.makeStream()
    }

    /// A display with a 300 ms interval that writes to this recorder.
    func display(mode: FrameDisplay.Mode, clock: ManualClock) -> FrameDisplay {
        FrameDisplay(
            mode: mode, renderer: TextRenderer(width: 40, usesColor: false),
            minimumInterval: .milliseconds(300), clock: clock
        ) { [unowned self] in
            frames.append($0)
            arrival.yield()
        }
    }

    /// The screen title each frame shows: its fifth line, without the borders.
    var screens: [String] {
        frames.map { $0.split(separator: "\n")[4].trimmingCharacters(in: CharacterSet(charactersIn: "│ ")) }
    }

    /// The caption line of each frame: its twelfth line, when it has one.
    var captions: [String] {
        frames.compactMap { frame in
            let lines = frame.split(separator: "\n")
            return lines.count > TextRenderer.lineCount ? String(lines[TextRenderer.lineCount]) : nil
        }
    }

    /// Waits until `count` frames in all have been written.
    func waitForFrames(_ count: Int) async {
        var iterator = arrivals.makeAsyncIterator()
        while frames.count < count, await iterator.next() != nil {}
    }
}
