import Foundation
import Observing

/// A rectangular region of a headless view hierarchy with a layout pass, as UIKit's `UIView`.
///
/// A view has a `frame` in its superview's coordinate space (points), holds its `subviews`
/// strongly and its `superview` weakly. Layout is deferred, as in UIKit: `setNeedsLayout()`
/// marks the view, and `layoutIfNeeded()` runs `layoutSubviews()` once for a marked view, then
/// clears the mark and descends into the subviews. A non-zero frame at init, `addSubview(_:)`
/// and a change of size mark the view; a move of the origin alone does not.
///
/// Views are `@MainActor`, like UIKit's. Subclass and override `layoutSubviews()` and
/// `sizeThatFits(_:)`.
///
/// ```swift
/// let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 375, height: 49))
/// bar.layoutIfNeeded()   // lays the buttons out once
/// ```
@MainActor
open class View: KeyValueObservable {
    /// The view's rectangle in its superview's coordinate space, in points.
    ///
    /// Setting a different size marks the view for layout; moving only the origin does not.
    public var frame: CGRect {
        didSet {
            if frame.size != oldValue.size { setNeedsLayout() }
        }
    }

    /// The view's rectangle in its own coordinate space: origin zero, the frame's size, in points.
    public var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }

    /// The centre of the frame in the superview's coordinate space, in points.
    ///
    /// Setting it moves the frame without resizing it, so it does not mark the view for layout.
    public var center: CGPoint {
        get { CGPoint(x: frame.midX, y: frame.midY) }
        set {
            frame.origin = CGPoint(x: newValue.x - frame.width / 2, y: newValue.y - frame.height / 2)
        }
    }

    /// The direct subviews, back to front; each is retained.
    public internal(set) var subviews: [View] = []

    /// The view this view is a subview of; not retained.
    public internal(set) weak var superview: View?

    /// Whether the view is hidden; a hidden view is skipped by hit-testing.
    public var isHidden = false

    /// Whether a layout pass is pending; set by `setNeedsLayout()`, cleared by `layoutIfNeeded()`.
    var needsLayout: Bool

    /// Creates a view with a frame, the designated initializer as in UIKit.
    ///
    /// A frame with a non-zero size marks the new view for layout.
    ///
    /// - Parameter frame: The frame in the superview's coordinate space, in points.
    public init(frame: CGRect) {
        self.frame = frame
        self.needsLayout = frame.size != .zero
    }

    /// Marks the view so that the next `layoutIfNeeded()` runs `layoutSubviews()`, as UIKit's
    /// `UIView.setNeedsLayout()`.
    public func setNeedsLayout() {
        needsLayout = true
    }

    /// Runs `layoutSubviews()` if the view is marked, clears the mark, then does the same for
    /// every subview, as UIKit's `UIView.layoutIfNeeded()`.
    ///
    /// The mark is cleared before `layoutSubviews()` runs, so frames set there mark only the
    /// subviews, which are laid out next in the same pass.
    ///
    /// - Complexity: O(*n*) plus the cost of the layouts, where *n* is the number of views in
    ///   the subtree.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for subview in subviews {
            subview.layoutIfNeeded()
        }
    }

    /// Positions the subviews, as UIKit's `UIView.layoutSubviews()`.
    ///
    /// The override point of a layout pass; the base implementation does nothing.
    ///
    /// Call `layoutIfNeeded()` instead of calling this directly.
    open func layoutSubviews() {}

    /// The size that best fits the view's content, as UIKit's `UIView.sizeThatFits(_:)`.
    ///
    /// The base implementation returns the current size.
    ///
    /// - Parameter size: The space available, in points.
    /// - Returns: The preferred size, in points.
    open func sizeThatFits(_ size: CGSize) -> CGSize {
        bounds.size
    }

    /// Resizes the view to `sizeThatFits(_:)` of its current size, keeping the origin, as
    /// UIKit's `UIView.sizeToFit()`.
    public func sizeToFit() {
        frame.size = sizeThatFits(bounds.size)
    }
}
