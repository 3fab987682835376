import Foundation
import Observing
import TabBarModel
import Testing

/// The promises of `BadgeView` (Sources/TabBarModel/BadgeView.swift) and of the badge paragraph
/// of BuildingAnAppShell.md that no older test checks.
@MainActor
@Suite struct BadgePromiseTests {
    /// Long text is a dot and text as wide as the image is text.
    ///
    /// BadgeView.swift: "`.text(value)` on the background image when the text's width (from
    /// `textMeasurer`, in `font`) is at most the image's width; `.dot` (the dot image) otherwise."
    ///
    /// Long text of every kind ends as a dot; text exactly as wide as the image is text.
    @Test func longTextIsADotAndTextAsWideAsTheImageIsText() {
        let badge = BadgeView(frame: .zero)
        for value in ["NEW", "999+", "a very long badge", "消息消息"] {
            badge.badgeValue = value
            #expect(badge.content == .dot, "\(value)")
        }
        badge.badgeValue = "new"  // 3 x 0.52 x 11 = 17.16 pt
        #expect(badge.content == .text("new"))
        badge.textMeasurer = ExactWidthMeasurer(widths: ["ab": 20])
        badge.badgeValue = "ab"
        #expect(badge.content == .text("ab"))
    }

    /// Only nil, "" and "0" hide.
    ///
    /// BadgeView.swift: "`content` is `.hidden` for `nil`, "" and "0"" — only these: "00", " "
    /// and "0 " are text like any other.
    @Test func onlyNilEmptyAndZeroHide() {
        let badge = BadgeView(frame: .zero)
        for value in ["00", " ", "0 ", "O"] {
            badge.badgeValue = value
            #expect(badge.content == .text(value), "\(value)")
        }
    }

    /// A wider background image fits more text.
    ///
    /// BadgeView.swift: "Its width is the widest text that is shown as text." (`backgroundImage`)
    @Test func aWiderBackgroundImageFitsMoreText() {
        let badge = BadgeView(frame: .zero)
        badge.badgeValue = "1000"  // 24.64 pt
        #expect(badge.content == .dot)
        badge.backgroundImage = ImageAsset("wide_badge", width: 24.64, height: 16)
        #expect(badge.content == .text("1000"))
        #expect(badge.frame.size == CGSize(width: 24.64, height: 16))
        badge.backgroundImage = ImageAsset("narrow_badge", width: 24.6, height: 16)
        #expect(badge.content == .dot)
    }

    /// The font decides the width.
    ///
    /// BadgeView.swift: "`.text(value)` ... when the text's width (from `textMeasurer`, in
    /// `font`) ..." and "The font of the text; the 11 pt system font unless set."
    @Test func theFontDecidesTheWidth() {
        let badge = BadgeView(frame: .zero)
        badge.badgeValue = "999"  // 18.48 pt at 11 pt
        #expect(badge.content == .text("999"))
        badge.font = .systemFont(ofSize: 12)  // 20.16 pt
        #expect(badge.content == .dot)
        badge.font = .systemFont(ofSize: 10)
        #expect(badge.content == .text("999"))
    }

    /// A new dot image resizes a shown dot.
    ///
    /// BadgeView.swift: "The view sizes itself to the image it shows and is hidden with no
    /// content." — also when the dot image changes while a dot is shown.
    @Test func aNewDotImageResizesAShownDot() {
        let badge = BadgeView(frame: .zero)
        badge.badgeValue = "1000"
        badge.dotImage = ImageAsset("big_dot", width: 14, height: 14)
        #expect(badge.content == .dot)
        #expect(badge.frame.size == CGSize(width: 14, height: 14))
    }

    /// A badge starts hidden and resizes on each content change.
    ///
    /// BadgeView.swift: "Creates a hidden badge." and "`sizeToFit()` is applied whenever the
    /// content changes."
    @Test func aBadgeStartsHiddenAndResizesOnEachContentChange() {
        let badge = BadgeView(frame: CGRect(x: 3, y: 4, width: 50, height: 50))
        #expect(badge.isHidden)
        #expect(badge.content == .hidden)
        badge.badgeValue = "5"
        #expect(badge.frame == CGRect(x: 3, y: 4, width: 20, height: 20))
        badge.frame.size = CGSize(width: 50, height: 50)
        badge.badgeValue = "6"
        #expect(badge.frame == CGRect(x: 3, y: 4, width: 20, height: 20))
    }

    /// Content is observable and the size fits when observers run.
    ///
    /// BadgeView.swift: "`content` is `@Observed`." — with the size already set for each new
    /// content.
    @Test func contentIsObservableAndTheSizeFitsWhenObserversRun() {
        let badge = BadgeView(frame: .zero)
        var seen: [(BadgeView.Content, CGSize)] = []
        let token = badge.observe(\.content, options: [.new]) { badge, _ in
            seen.append((badge.content, badge.frame.size))
        }
        badge.badgeValue = "5"
        badge.badgeValue = "1000"
        badge.badgeValue = "0"
        token.invalidate()
        #expect(seen.map(\.0) == [.text("5"), .dot, .hidden])
        #expect(seen.map(\.1) == [CGSize(width: 20, height: 20), CGSize(width: 10, height: 10), .zero])
    }

    /// An item's zero or empty badge hides its button's badge.
    ///
    /// TabBarItem.swift: "`nil`, "" and "0" hide the badge." — through the item's button.
    @Test func anItemsZeroOrEmptyBadgeHidesItsButtonsBadge() {
        let item = TabBarItem(title: "Messages")
        let button = TabBarButton(item: item)
        var contents: [BadgeView.Content] = []
        for value in ["3", "0", "4", "", "5", nil] {
            item.badgeValue = value
            contents.append(button.badgeView.content)
        }
        #expect(contents == [.text("3"), .hidden, .text("4"), .hidden, .text("5"), .hidden])
        #expect(button.badgeView.isHidden)
    }
}

/// The promises of `SystemTextMeasurer` (Sources/TabBarModel/SystemTextMeasurer.swift) and
/// `TextMeasuring` (Sources/TabBarModel/TextMeasuring.swift).
@Suite struct TextMeasurementPromiseTests {
    private let measurer = SystemTextMeasurer()
    private let font = Font.systemFont(ofSize: 10)

    /// Each character class has its advance.
    ///
    /// SystemTextMeasurer.swift: the advance table, "digits 0.56 em, Latin capitals 0.66 em,
    /// Latin lower case 0.52 em, space 0.26 em, other ASCII 0.34 em, anything else 0.6 em", and
    /// the wide class (CJK ideographs, kana, Hangul, full-width forms, emoji) 1.0 em.
    @Test(arguments: [
        ("7", 0.56), ("Q", 0.66), ("q", 0.52), (" ", 0.26), ("!", 0.34), ("~", 0.34), ("+", 0.34),
        ("字", 1.0), ("か", 1.0), ("カ", 1.0), ("한", 1.0), ("Ａ", 1.0), ("😀", 1.0), ("⭐", 1.0), ("🇫🇷", 1.0),
        ("⌚", 1.0), ("é", 0.6), ("☺", 0.6),
        ("ß", 0.6), ("λ", 0.6), ("Ж", 0.6),
    ])
    func eachCharacterClassHasItsAdvance(text: String, ems: Double) {
        #expect(abs(measurer.width(of: text, font: font) - CGFloat(ems) * 10) < 1e-9, "\(text)")
    }

    /// A grapheme cluster is one character, in one width class.
    ///
    /// SystemTextMeasurer.swift: "Each character (grapheme cluster) falls in one width class";
    /// a narrow one by its base, here "e".
    @Test func aGraphemeClusterIsOneCharacterClassifiedByItsFirstScalar() {
        let decomposed = "e\u{301}"  // e + combining acute: one character, classified as "e"
        #expect(abs(measurer.width(of: decomposed, font: font) - 5.2) < 1e-9)
        let family = "👨‍👩‍👧"  // one character of five scalars
        #expect(abs(measurer.width(of: family, font: font) - 10) < 1e-9)
    }

    /// The documented badge widths.
    ///
    /// SystemTextMeasurer.swift: "an 11 pt "999" is 3 x 0.56 x 11 = 18.48 pt, which fits the
    /// 20 pt badge image, and "1000" is 24.64 pt, which does not."
    @Test func theDocumentedBadgeWidths() {
        let eleven = Font.systemFont(ofSize: 11)
        #expect(abs(measurer.width(of: "999", font: eleven) - 18.48) < 1e-9)
        #expect(abs(measurer.width(of: "1000", font: eleven) - 24.64) < 1e-9)
    }

    /// Width scales with the font size.
    ///
    /// SystemTextMeasurer.swift: "The width is the sum of the advances" — proportional to the
    /// font size.
    @Test func widthScalesWithTheFontSize() {
        let small = measurer.width(of: "Inbox 12", font: .systemFont(ofSize: 10))
        let large = measurer.width(of: "Inbox 12", font: .systemFont(ofSize: 20))
        #expect(abs(large - 2 * small) < 1e-9)
    }

    /// A line break is measured as a character.
    ///
    /// TextMeasuring.swift: "line breaks are measured as ordinary characters." (the system
    /// measurer counts one as "anything else").
    @Test func aLineBreakIsMeasuredAsACharacter() {
        #expect(abs(measurer.width(of: "a\nb", font: font) - (5.2 + 6 + 5.2)) < 1e-9)
    }
}

/// A measurer with fixed widths per text; 1000 pt for any other text.
private struct ExactWidthMeasurer: TextMeasuring {
    let widths: [String: CGFloat]

    func width(of text: String, font: Font) -> CGFloat {
        widths[text] ?? 1000
    }
}
