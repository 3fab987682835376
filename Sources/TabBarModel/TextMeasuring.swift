import Foundation

/// Measures the width of a single line of text, as UIKit's
/// `NSString.size(withAttributes:)` does for a real font.
///
/// Headless models cannot ask a font engine, so views that fit text (badges, back button
/// titles) take a measurer; plug in a precise one where text widths matter, or use
/// `SystemTextMeasurer`, the estimating default.
public protocol TextMeasuring {
    /// The advance width of `text` set on one line in `font`.
    ///
    /// - Parameters:
    ///   - text: The text; line breaks are measured as ordinary characters.
    ///   - font: The font.
    /// - Returns: The width, in points.
    func width(of text: String, font: Font) -> CGFloat
}
