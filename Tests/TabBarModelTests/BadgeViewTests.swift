import Foundation
import Observing
import TabBarModel
import Testing

@MainActor
@Suite struct BadgeViewTests {
    @Test func badgeSequenceHidesTextsAndDots() {
        let badge = BadgeView(frame: .zero)
        let recorder = Recorder(badge, \.content)
        var contents: [BadgeView.Content] = []
        for value in [nil, "", "0", "3", "0", "a value far wider than the badge"] {
            badge.badgeValue = value
            contents.append(badge.content)
        }
        #expect(contents == [.hidden, .hidden, .hidden, .text("3"), .hidden, .dot])
        // Only real changes notify: hidden -> text -> hidden -> dot.
        #expect(recorder.values == [.text("3"), .hidden, .dot])
    }

    @Test func defaultMeasurerFitsUpToThreeDigitsOnTheMainBadge() {
        let badge = BadgeView(frame: .zero)
        #expect(badge.backgroundImage == ImageAsset("main_badge", width: 20, height: 20))
        #expect(badge.dotImage == ImageAsset("new_dot", width: 10, height: 10))
        #expect(badge.font == Font.systemFont(ofSize: 11))
        var contents: [BadgeView.Content] = []
        for value in ["10", "999", "1000"] {
            badge.badgeValue = value
            contents.append(badge.content)
        }
        #expect(contents == [.text("10"), .text("999"), .dot])
    }

    @Test func badgeSizesToTheImageItShows() {
        let badge = BadgeView(frame: .zero)
        #expect(badge.isHidden)
        badge.badgeValue = "5"
        #expect(badge.frame.size == CGSize(width: 20, height: 20))
        #expect(!badge.isHidden)
        badge.badgeValue = "12345"
        #expect(badge.frame.size == CGSize(width: 10, height: 10))
        badge.badgeValue = nil
        #expect(badge.frame.size == .zero)
        #expect(badge.isHidden)
    }

    @Test func pluggedMeasurerDecides() {
        let badge = BadgeView(frame: .zero)
        badge.badgeValue = "1000"
        #expect(badge.content == .dot)
        badge.textMeasurer = FixedWidthMeasurer(width: 20)
        #expect(badge.content == .text("1000"))
        badge.textMeasurer = FixedWidthMeasurer(width: 20.5)
        #expect(badge.content == .dot)
    }

    @Test func systemMeasurerWidths() {
        let measurer = SystemTextMeasurer()
        let font = Font.systemFont(ofSize: 10)
        #expect(abs(measurer.width(of: "10", font: font) - 11.2) < 1e-9)
        #expect(abs(measurer.width(of: "Ab c", font: font) - 19.6) < 1e-9)
        #expect(abs(measurer.width(of: "消息", font: font) - 20) < 1e-9)
        #expect(measurer.width(of: "", font: font) == 0)
    }
}

private struct FixedWidthMeasurer: TextMeasuring {
    let width: CGFloat

    func width(of text: String, font: Font) -> CGFloat {
        width
    }
}
