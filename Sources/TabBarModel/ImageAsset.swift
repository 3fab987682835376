import Foundation

/// A named image and its size in points, standing in for UIKit's `UIImage` in headless models.
///
/// Two assets are equal when both name and size are equal.
///
/// ```swift
/// let home = ImageAsset("tabbar_home", width: 30, height: 30)
/// ```
public struct ImageAsset: Hashable, Sendable {
    /// The asset's name, as in an asset catalog.
    public var name: String
    /// The image's size, in points.
    public var size: CGSize

    /// Creates an asset.
    ///
    /// - Parameters:
    ///   - name: The asset's name.
    ///   - size: The image's size, in points.
    public init(_ name: String, size: CGSize) {
        self.name = name
        self.size = size
    }

    /// Creates an asset from a width and a height.
    ///
    /// - Parameters:
    ///   - name: The asset's name.
    ///   - width: The image's width, in points.
    ///   - height: The image's height, in points.
    public init(_ name: String, width: CGFloat, height: CGFloat) {
        self.init(name, size: CGSize(width: width, height: height))
    }
}
