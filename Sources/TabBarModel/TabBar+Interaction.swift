import Foundation

extension TabBar {
    /// Taps the button at `index`: asks the delegate's `tabBar(_:shouldSelectItemAt:)`, then
    /// selects the button, deselects the previous one and calls the delegate's
    /// `tabBar(_:didSelectItemAt:)`, also when it was already selected (as UIKit).
    ///
    /// Ignored, without asking the delegate, while the bar or that button is hidden (a hidden
    /// view takes no touches) and for an index outside `items`. When the delegate refuses,
    /// nothing changes.
    ///
    /// - Parameter index: The index of the item whose button is tapped.
    /// - Complexity: O(*n*), where *n* is the number of items.
    public func tapButton(at index: Int) {
        guard !isHidden, buttons.indices.contains(index), !buttons[index].isHidden else { return }
        guard delegate?.tabBar(self, shouldSelectItemAt: index) ?? true,
            buttons.indices.contains(index)  // The delegate may have replaced the items.
        else { return }
        // An observer that changed the bar during the selection has the last word.
        guard select(index) else { return }
        delegate?.tabBar(self, didSelectItemAt: index)
    }

    /// Taps the plus button: calls the delegate's `tabBarDidTapPlusButton(_:)`; the selection
    /// is unchanged.
    ///
    /// Ignored while the bar or the plus button is hidden.
    public func tapPlusButton() {
        guard !isHidden, !plusButton.isHidden else { return }
        delegate?.tabBarDidTapPlusButton(self)
    }

    /// Taps what `hitTest(_:)` finds at `point`, if anything.
    ///
    /// - Parameter point: A point in the bar's coordinate space, in points.
    /// - Returns: What was tapped, or `nil` if the point hits nothing.
    /// - Complexity: O(*n*), where *n* is the number of items.
    @discardableResult
    public func tap(at point: CGPoint) -> Hit? {
        let hit = hitTest(point)
        switch hit {
        case .item(let index): tapButton(at: index)
        case .plusButton: tapPlusButton()
        case nil: break
        }
        return hit
    }

    /// What a touch at `point` lands on, front-most first, as UIKit's `UIView.hitTest(_:with:)`:
    /// the plus button, else the button whose frame contains the point.
    ///
    /// Uses the frames of the last layout pass; hidden views and points outside the bounds hit
    /// nothing.
    ///
    /// - Parameter point: A point in the bar's coordinate space, in points.
    /// - Returns: The item index or the plus button, or `nil`.
    /// - Complexity: O(*n*), where *n* is the number of items.
    public func hitTest(_ point: CGPoint) -> Hit? {
        guard !isHidden, bounds.contains(point) else { return nil }
        if !plusButton.isHidden, plusButton.frame.contains(point) { return .plusButton }
        for (index, button) in buttons.enumerated() where !button.isHidden && button.frame.contains(point) {
            return .item(index)
        }
        return nil
    }
}
