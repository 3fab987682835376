import Foundation

/// An RGBA colour with components from 0 to 1, standing in for UIKit's `UIColor`.
public struct Color: Hashable, Sendable {
    /// The red component, 0 to 1.
    public var red: CGFloat
    /// The green component, 0 to 1.
    public var green: CGFloat
    /// The blue component, 0 to 1.
    public var blue: CGFloat
    /// The opacity, 0 (transparent) to 1 (opaque).
    public var alpha: CGFloat

    /// Creates a colour.
    ///
    /// - Parameters:
    ///   - red: The red component, 0 to 1.
    ///   - green: The green component, 0 to 1.
    ///   - blue: The blue component, 0 to 1.
    ///   - alpha: The opacity, 0 to 1; opaque by default.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Black, as UIKit's `UIColor.black`.
    public static let black = Color(red: 0, green: 0, blue: 0)
    /// White, as UIKit's `UIColor.white`.
    public static let white = Color(red: 1, green: 1, blue: 1)
    /// Orange (1, 0.5, 0), as UIKit's `UIColor.orange`.
    public static let orange = Color(red: 1, green: 0.5, blue: 0)
}
