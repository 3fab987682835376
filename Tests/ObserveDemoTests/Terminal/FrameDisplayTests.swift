import ObserveDemoCore
import Testing

@MainActor
@Suite struct FrameDisplayTests {
    @Test func jsonWritesEveryChangeButNoRepeat() {
        var written: [String] = []
        let display = FrameDisplay(mode: .json, renderer: TextRenderer(width: 40, usesColor: false)) {
            written.append($0)
        }
        let states = ["a", "a", "b", "a"].map(Self.state)
        for state in states { display.show(state) }
        display.finish()
        #expect(written == [states[0], states[2], states[3]].map { $0.jsonLine() + "\n" })
    }

    @Test func throttledModesWriteOncePerIntervalAndKeepTheNewest() async throws {
        var written: [String] = []
        let display = FrameDisplay(
            mode: .append, renderer: TextRenderer(width: 40, usesColor: false),
            minimumInterval: .milliseconds(300)
        ) { written.append($0) }
        for title in ["a", "b", "c"] { display.show(Self.state(title)) }
        #expect(written.count == 1)
        try await Task.sleep(for: .milliseconds(600))
        #expect(written.count == 2)
        #expect(written.last?.split(separator: "\n")[4].contains(" c ") == true)
        display.show(Self.state("d"))
        display.finish()
        #expect(written.count == 3)
    }

    @Test func liveModeRedrawsInPlace() {
        var written: [String] = []
        let display = FrameDisplay(mode: .live, renderer: TextRenderer(width: 40, usesColor: true)) {
            written.append($0)
        }
        display.show(Self.state("a"))
        display.finish()
        display.show(Self.state("b"))
        display.finish()
        #expect(written.count == 2)
        #expect(!written[0].hasPrefix("\u{1B}[11F"))
        #expect(written[1].hasPrefix("\u{1B}[11F"))
    }

    private static func state(_ screen: String) -> ShellState {
        ShellState(barWidth: 375, tabs: [], plusButton: nil, navigation: nil, screenTitle: screen)
    }
}
