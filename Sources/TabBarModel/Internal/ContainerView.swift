import Foundation

/// A view that sizes each of its subviews to its bounds: the slot of a container controller
/// that holds the shown child's view.
final class ContainerView: View {
    override func layoutSubviews() {
        for subview in subviews {
            subview.frame = bounds
        }
    }

    /// Makes `view` the only subview.
    func show(_ view: View?) {
        for subview in subviews where subview !== view {
            subview.removeFromSuperview()
        }
        if let view, view.superview !== self { addSubview(view) }
    }
}
