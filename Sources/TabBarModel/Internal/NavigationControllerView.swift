import Foundation

/// The root view of a `NavigationController`: the navigation bar at y = 20, 44 pt tall, and
/// below it the container that holds the top controller's view.
final class NavigationControllerView: View {
    static let barTop: CGFloat = 20
    static let barHeight: CGFloat = 44

    let navigationBar: NavigationBar
    let containerView: ContainerView
    /// Runs after each layout pass, for state that depends on the bar's width.
    private let didLayout: @MainActor () -> Void

    init(
        navigationBar: NavigationBar, containerView: ContainerView, didLayout: @escaping @MainActor () -> Void
    ) {
        self.navigationBar = navigationBar
        self.containerView = containerView
        self.didLayout = didLayout
        super.init(frame: .zero)
        addSubview(containerView)
        addSubview(navigationBar)
    }

    override func layoutSubviews() {
        navigationBar.frame = CGRect(x: 0, y: Self.barTop, width: bounds.width, height: Self.barHeight)
        navigationBar.setNeedsLayout()
        let top = Self.barTop + Self.barHeight
        containerView.frame = CGRect(x: 0, y: top, width: bounds.width, height: max(0, bounds.height - top))
        didLayout()
    }
}
