import Foundation

/// A system font of a given size, standing in for UIKit's `UIFont.systemFont(ofSize:)`.
public struct Font: Hashable, Sendable {
    /// The font's size, in points.
    public var pointSize: CGFloat

    /// Creates a system font.
    ///
    /// - Parameter pointSize: The size, in points.
    public init(pointSize: CGFloat) {
        self.pointSize = pointSize
    }

    /// The system font of `pointSize`, as UIKit's `UIFont.systemFont(ofSize:)`.
    ///
    /// - Parameter pointSize: The size, in points.
    /// - Returns: The font.
    public static func systemFont(ofSize pointSize: CGFloat) -> Font {
        Font(pointSize: pointSize)
    }
}
