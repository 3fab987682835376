import Foundation
import Observing

/// A button of a navigation bar, as UIKit's `UIBarButtonItem`: a title, an image, or a custom
/// view, and an action that `tap()` runs.
///
/// `title`, `image`, `highlightedImage` and `customView` are observable. The action is
/// retained: capture the objects it acts on weakly to avoid cycles (a controller holds its
/// navigation item, which holds its bar button items).
///
/// ```swift
/// let back = BarButtonItem(image: ImageAsset("navigationbar_back", width: 13, height: 21),
///                          highlightedImage: ImageAsset("navigationbar_back_highlighted",
///                                                       width: 13, height: 21)) { [weak nav] in
///     nav?.pop(animated: true)
/// }
/// ```
@MainActor
public final class BarButtonItem: KeyValueObservable {
    /// The title; `nil` for none.
    @Observed public var title: String? = nil
    /// The image; `nil` for none.
    @Observed public var image: ImageAsset? = nil
    /// The image shown while the item is touched; `nil` for none.
    @Observed public var highlightedImage: ImageAsset? = nil
    /// A view shown instead of the title and image, as UIKit's `UIBarButtonItem.customView`;
    /// retained.
    @Observed public var customView: View? = nil
    /// What `tap()` runs, or `nil` for nothing.
    ///
    /// Retained.
    public var action: (@MainActor () -> Void)?

    /// Creates a text item.
    ///
    /// - Parameters:
    ///   - title: The title.
    ///   - action: What a tap runs; retained.
    public init(title: String?, action: (@MainActor () -> Void)? = nil) {
        self.title = title
        self.action = action
    }

    /// Creates an image button item: a custom `Button` view with `image` for the normal and
    /// `highlightedImage` for the highlighted state, sized to the normal image, as apps build
    /// their back and more items with `UIBarButtonItem(customView:)`.
    ///
    /// - Parameters:
    ///   - image: The normal image; its size is the button's size.
    ///   - highlightedImage: The image while touched.
    ///   - action: What a tap runs; retained.
    public init(image: ImageAsset, highlightedImage: ImageAsset?, action: (@MainActor () -> Void)? = nil) {
        let button = Button(frame: .zero)
        button.setImage(image, for: .normal)
        button.setImage(highlightedImage, for: .highlighted)
        button.sizeToFit()
        self.image = image
        self.highlightedImage = highlightedImage
        self.customView = button
        self.action = action
    }

    /// Runs the action, as a touch on the item does.
    public func tap() {
        action?()
    }
}
