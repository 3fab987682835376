extension View {
    /// Adds `view` as the front-most subview, as UIKit's `UIView.addSubview(_:)`.
    ///
    /// A view that has another superview is moved here; one that is already a subview moves to
    /// the front. Adding the view itself or one of its ancestors is ignored, so the hierarchy
    /// never becomes a cycle. Marks this view for layout. The subview is retained.
    ///
    /// - Parameter view: The view to add.
    /// - Complexity: O(*n* + *d*), where *n* is the number of subviews and *d* the depth.
    public func addSubview(_ view: View) {
        guard !view.isAncestor(of: self) else { return }
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        setNeedsLayout()
    }

    /// Removes the view from its superview, as UIKit's `UIView.removeFromSuperview()`.
    ///
    /// The superview releases the view. Does nothing without a superview.
    ///
    /// - Complexity: O(*n*), where *n* is the number of the superview's subviews.
    public func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        superview.setNeedsLayout()
        self.superview = nil
    }

    /// Whether `view` is this view or lies below it in the hierarchy, as UIKit's
    /// `UIView.isDescendant(of:)` seen from the other side.
    ///
    /// - Parameter view: The view to look for.
    /// - Returns: `true` if `view` is this view or one of its descendants.
    /// - Complexity: O(*d*), where *d* is the depth of `view`.
    public func isAncestor(of view: View) -> Bool {
        var current: View? = view
        while let candidate = current {
            if candidate === self { return true }
            current = candidate.superview
        }
        return false
    }
}
