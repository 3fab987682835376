import Foundation
import Observing

/// A button with a title, an image and a background image per control state, as UIKit's
/// `UIButton`.
///
/// Values are looked up for the current `state` (from `isSelected` and `isHighlighted`) and
/// fall back to the `.normal` value. `currentTitle`, `currentImage`, `currentBackgroundImage`
/// and `currentTitleColor` are observable (they read `@Observed` storage), as is `isSelected`.
///
/// ```swift
/// let plus = Button(frame: .zero)
/// plus.setBackgroundImage(ImageAsset("tabbar_compose_button", width: 64, height: 44), for: .normal)
/// plus.sizeToFit()   // 64 x 44 pt
/// ```
@MainActor
open class Button: View {
    /// Whether the button is selected, as UIKit's `UIControl.isSelected`.
    @Observed public var isSelected = false
    @Observed private var highlightedStorage = false
    @Observed private var titles: [ControlState: String] = [:]
    @Observed private var images: [ControlState: ImageAsset] = [:]
    @Observed private var backgroundImages: [ControlState: ImageAsset] = [:]
    @Observed private var titleColors: [ControlState: Color] = [.normal: .black]

    /// The font of the title; 15 pt by default.
    public var titleFont = Font.systemFont(ofSize: 15)

    /// Whether a touch is down on the button, as UIKit's `UIControl.isHighlighted`.
    ///
    /// Subclasses may override it, for example to never highlight.
    open var isHighlighted: Bool {
        get { highlightedStorage }
        set { highlightedStorage = newValue }
    }

    /// The current state, from `isHighlighted` and `isSelected`.
    public var state: ControlState {
        var state = ControlState.normal
        if isHighlighted { state.insert(.highlighted) }
        if isSelected { state.insert(.selected) }
        return state
    }

    /// The title for the current state, as UIKit's `UIButton.currentTitle`.
    public var currentTitle: String? { title(for: state) }
    /// The image for the current state, as UIKit's `UIButton.currentImage`.
    public var currentImage: ImageAsset? { image(for: state) }
    /// The background image for the current state, as UIKit's `UIButton.currentBackgroundImage`.
    public var currentBackgroundImage: ImageAsset? { backgroundImage(for: state) }
    /// The title colour for the current state, as UIKit's `UIButton.currentTitleColor`.
    public var currentTitleColor: Color { titleColor(for: state) }

    /// The title for `state`, else the normal title, as UIKit's `UIButton.title(for:)`.
    ///
    /// - Parameter state: The state.
    /// - Returns: The title, or `nil` if none is set for `state` nor for `.normal`.
    public func title(for state: ControlState) -> String? {
        titles[state] ?? titles[.normal]
    }

    /// Sets the title for `state`, as UIKit's `UIButton.setTitle(_:for:)`.
    ///
    /// - Parameters:
    ///   - title: The title; `nil` removes it, so the state falls back to `.normal`.
    ///   - state: The state.
    public func setTitle(_ title: String?, for state: ControlState) {
        titles[state] = title
    }

    /// The image for `state`, else the normal image, as UIKit's `UIButton.image(for:)`.
    ///
    /// - Parameter state: The state.
    /// - Returns: The image, or `nil` if none is set for `state` nor for `.normal`.
    public func image(for state: ControlState) -> ImageAsset? {
        images[state] ?? images[.normal]
    }

    /// Sets the image for `state`, as UIKit's `UIButton.setImage(_:for:)`.
    ///
    /// - Parameters:
    ///   - image: The image; `nil` removes it, so the state falls back to `.normal`.
    ///   - state: The state.
    public func setImage(_ image: ImageAsset?, for state: ControlState) {
        images[state] = image
    }

    /// The background image for `state`, else the normal one, as UIKit's
    /// `UIButton.backgroundImage(for:)`.
    ///
    /// - Parameter state: The state.
    /// - Returns: The background image, or `nil` if none is set for `state` nor for `.normal`.
    public func backgroundImage(for state: ControlState) -> ImageAsset? {
        backgroundImages[state] ?? backgroundImages[.normal]
    }

    /// Sets the background image for `state`, as UIKit's `UIButton.setBackgroundImage(_:for:)`.
    ///
    /// - Parameters:
    ///   - image: The background image; `nil` removes it.
    ///   - state: The state.
    public func setBackgroundImage(_ image: ImageAsset?, for state: ControlState) {
        backgroundImages[state] = image
    }

    /// The title colour for `state`, else the normal colour (black unless set), as UIKit's
    /// `UIButton.titleColor(for:)`.
    ///
    /// - Parameter state: The state.
    /// - Returns: The colour.
    public func titleColor(for state: ControlState) -> Color {
        titleColors[state] ?? titleColors[.normal] ?? .black
    }

    /// Sets the title colour for `state`, as UIKit's `UIButton.setTitleColor(_:for:)`.
    ///
    /// - Parameters:
    ///   - color: The colour; `nil` removes it.
    ///   - state: The state.
    public func setTitleColor(_ color: Color?, for state: ControlState) {
        titleColors[state] = color
    }

    /// The normal background image's size if there is one, else the normal image's size beside
    /// the normal title's estimated width (`SystemTextMeasurer`), at least as tall as the font.
    ///
    /// - Parameter size: The space available, in points; ignored.
    /// - Returns: The preferred size, in points.
    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        if let background = backgroundImage(for: .normal) { return background.size }
        let imageSize = image(for: .normal)?.size ?? .zero
        let titleWidth = title(for: .normal).map { SystemTextMeasurer().width(of: $0, font: titleFont) } ?? 0
        let titleHeight = titleWidth > 0 ? titleFont.pointSize * 1.2 : 0
        return CGSize(width: imageSize.width + titleWidth, height: max(imageSize.height, titleHeight))
    }
}
