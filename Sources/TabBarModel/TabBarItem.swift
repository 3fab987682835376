import Observing

/// The title, images and badge of one tab, as UIKit's `UITabBarItem`.
///
/// Every property is `@Observed`: a `TabBarButton` bound to the item follows each change at
/// once, and so can any observer.
///
/// ```swift
/// let item = TabBarItem(title: "Home",
///                       image: ImageAsset("tabbar_home", width: 30, height: 30),
///                       selectedImage: ImageAsset("tabbar_home_selected", width: 30, height: 30))
/// let token = item.observe(\.badgeValue, options: [.new]) { _, change in print(change) }
/// item.badgeValue = "5"
/// ```
@MainActor
public final class TabBarItem: KeyValueObservable {
    /// The title shown below the image; `nil` for none.
    @Observed public var title: String? = nil
    /// The image shown in the normal state; `nil` for none.
    @Observed public var image: ImageAsset? = nil
    /// The image shown while the tab is selected; `nil` falls back to `image`.
    @Observed public var selectedImage: ImageAsset? = nil
    /// The badge text, as UIKit's `UITabBarItem.badgeValue`; `nil`, "" and "0" hide the badge.
    @Observed public var badgeValue: String? = nil

    /// Creates an item.
    ///
    /// - Parameters:
    ///   - title: The title; `nil` by default.
    ///   - image: The normal image; `nil` by default.
    ///   - selectedImage: The selected image; `nil` by default.
    public init(title: String? = nil, image: ImageAsset? = nil, selectedImage: ImageAsset? = nil) {
        self.title = title
        self.image = image
        self.selectedImage = selectedImage
    }
}
