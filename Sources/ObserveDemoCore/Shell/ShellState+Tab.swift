extension ShellState {
    /// One tab of the tab bar as shown: its item's title and badge, and its button's geometry.
    public struct Tab: Equatable, Sendable {
        /// The title under the icon.
        public var title: String
        /// The name of the image on show (the selected image when selected), if any.
        public var imageName: String?
        /// The item's raw badge value, as set (for example `"1000"`, `"0"` or `nil`).
        public var badgeValue: String?
        /// What the badge shows for that value.
        public var badge: Badge
        /// Whether this tab is the selected one.
        public var isSelected: Bool
        /// The button's extent in the tab bar, in points.
        public var frame: Extent
        /// The badge's extent in the tab bar, in points; `nil` when the badge is hidden.
        public var badgeFrame: Extent?

        /// Creates a tab snapshot.
        ///
        /// - Parameters:
        ///   - title: The title under the icon.
        ///   - imageName: The name of the image on show.
        ///   - badgeValue: The item's raw badge value.
        ///   - badge: What the badge shows.
        ///   - isSelected: Whether the tab is selected.
        ///   - frame: The button's extent in the tab bar, in points.
        ///   - badgeFrame: The badge's extent in the tab bar, in points.
        public init(
            title: String, imageName: String? = nil, badgeValue: String?, badge: Badge, isSelected: Bool,
            frame: Extent, badgeFrame: Extent? = nil
        ) {
            self.title = title
            self.imageName = imageName
            self.badgeValue = badgeValue
            self.badge = badge
            self.isSelected = isSelected
            self.frame = frame
            self.badgeFrame = badgeFrame
        }
    }

    /// What a badge shows, mirroring the model's `BadgeView.Content`.
    public enum Badge: Equatable, Sendable {
        /// Nothing (no value, an empty value or "0").
        case hidden
        /// A dot, because the value is too wide for the badge.
        case dot
        /// The value itself.
        case text(String)
    }

    /// A horizontal extent in the tab bar, in points from its left edge.
    public struct Extent: Equatable, Sendable {
        /// The left edge, in points.
        public var minX: Double
        /// The width, in points.
        public var width: Double

        /// Creates an extent.
        ///
        /// - Parameters:
        ///   - minX: The left edge, in points.
        ///   - width: The width, in points.
        public init(minX: Double, width: Double) {
            self.minX = minX
            self.width = width
        }

        /// The right edge, in points.
        public var maxX: Double { minX + width }
    }
}
