import Foundation

/// The root view of a `TabBarController`: the container of the selected child's view, and the
/// tab bar along the bottom edge.
final class TabBarControllerView: View {
    let containerView: ContainerView
    let tabBar: TabBar

    init(containerView: ContainerView, tabBar: TabBar) {
        self.containerView = containerView
        self.tabBar = tabBar
        super.init(frame: .zero)
        addSubview(containerView)
        addSubview(tabBar)
    }

    /// The tab bar takes the bottom `TabBar.height` points; the container the rest, or all of
    /// the bounds while the tab bar is hidden.
    override func layoutSubviews() {
        let barHeight = min(TabBar.height, bounds.height)
        tabBar.frame = CGRect(x: 0, y: bounds.height - barHeight, width: bounds.width, height: barHeight)
        containerView.frame =
            tabBar.isHidden
            ? bounds : CGRect(x: 0, y: 0, width: bounds.width, height: bounds.height - barHeight)
    }
}
