import ObserveDemoCore
import Testing

/// The caption line under a frame: safe, indented a column, cut to the frame's width.
@Suite struct TextRendererCaptionTests {
    @Test func captionsAreIndentedAndNotPadded() {
        let renderer = TextRenderer(width: 40, usesColor: false)
        #expect(renderer.captionLine(#"Messages badge ← "5""#) == #" Messages badge ← "5""#)
    }

    @Test func longCaptionsAreCutToTheFrameWidth() {
        let renderer = TextRenderer(width: 30, usesColor: false)
        let line = renderer.captionLine(#"push "Post": tab bar hidden, back title "Home""#)
        #expect(line == #" push "Post": tab bar hidden,…"#)
        #expect(TerminalText.displayWidth(of: line) == 30)
        let wide = renderer.captionLine(String(repeating: "日", count: 20))
        #expect(TerminalText.displayWidth(of: wide) <= 30)
        #expect(wide.hasSuffix("…"))
    }

    @Test func controlCharactersAreMadeSafe() {
        let renderer = TextRenderer(width: 40, usesColor: false)
        #expect(renderer.captionLine("Home renamed \"\u{1B}[2J\"") == " Home renamed \"\u{FFFD}[2J\"")
    }

    @Test func withColourTheCaptionIsDim() {
        let renderer = TextRenderer(width: 40, usesColor: true)
        #expect(renderer.captionLine("select Me") == " \u{1B}[0m\u{1B}[2mselect Me\u{1B}[0m")
    }
}
