import Foundation
import Observing

/// The badge of a tab, showing `badgeValue` as UIKit shows `UITabBarItem.badgeValue`, with a
/// custom background image and a dot for text that does not fit.
///
/// `content` is `.hidden` for `nil`, "" and "0"; `.text(value)` on the background image when the
/// text's width (from `textMeasurer`, in `font`) is at most the image's width; `.dot` (the dot
/// image) otherwise. The view sizes itself to the image it shows and is hidden with no content.
/// `content` is `@Observed`.
///
/// ```swift
/// let badge = BadgeView(frame: .zero)
/// badge.badgeValue = "5"      // content == .text("5"), 20 x 20 pt
/// badge.badgeValue = "1000"   // content == .dot, 10 x 10 pt
/// ```
@MainActor
public final class BadgeView: View {
    /// What a badge shows.
    public enum Content: Hashable, Sendable {
        /// Nothing: the badge is hidden.
        case hidden
        /// The text on the background image.
        case text(String)
        /// The dot image, for text too wide for the background image.
        case dot
    }

    /// The default background image, "main_badge", 20 x 20 pt.
    public static let defaultBackgroundImage = ImageAsset("main_badge", width: 20, height: 20)
    /// The default dot image, "new_dot", 10 x 10 pt.
    public static let defaultDotImage = ImageAsset("new_dot", width: 10, height: 10)

    /// What the badge shows for the current `badgeValue`; observable.
    @Observed public private(set) var content: Content = .hidden

    /// The value to show; `nil`, "" and "0" hide the badge.
    public var badgeValue: String? {
        didSet { updateContent() }
    }

    /// The image behind the text, `defaultBackgroundImage` unless set.
    ///
    /// Its width is the widest text that is shown as text.
    public var backgroundImage = BadgeView.defaultBackgroundImage {
        didSet { updateContent() }
    }

    /// The image shown for text too wide to fit; `defaultDotImage` unless set.
    public var dotImage = BadgeView.defaultDotImage {
        didSet { updateContent() }
    }

    /// The font of the text; the 11 pt system font unless set.
    public var font = Font.systemFont(ofSize: 11) {
        didSet { updateContent() }
    }

    /// Measures the text to decide between text and dot; `SystemTextMeasurer()` unless set.
    public var textMeasurer: any TextMeasuring = SystemTextMeasurer() {
        didSet { updateContent() }
    }

    /// Creates a hidden badge.
    ///
    /// - Parameter frame: The frame, in points; `sizeToFit()` is applied whenever the content
    ///   changes.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        isHidden = true
    }

    /// The size of the image the badge shows: the background image for text, the dot image
    /// for a dot, zero when hidden.
    ///
    /// - Parameter size: The space available, in points; ignored.
    /// - Returns: The size, in points.
    public override func sizeThatFits(_ size: CGSize) -> CGSize {
        imageSize(for: content)
    }

    private func imageSize(for content: Content) -> CGSize {
        switch content {
        case .hidden: .zero
        case .text: backgroundImage.size
        case .dot: dotImage.size
        }
    }

    private func updateContent() {
        let newContent: Content
        switch badgeValue {
        case nil, "", "0":
            newContent = .hidden
        case let value?:
            let fits = textMeasurer.width(of: value, font: font) <= backgroundImage.size.width
            newContent = fits ? .text(value) : .dot
        }
        // Size first, so that observers of `content` see a badge that already fits it.
        isHidden = newContent == .hidden
        let size = imageSize(for: newContent)
        if frame.size != size {
            frame.size = size
            superview?.setNeedsLayout()
        }
        if newContent != content { content = newContent }
    }
}
