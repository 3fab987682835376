import Foundation
import TabBarModel

extension AppShell {
    /// Takes a snapshot of what the shell's views show now, laying them out first.
    ///
    /// - Returns: Each button's current title, image, badge content and frame; the plus
    ///   button's frame; the navigation bar of the selected tab; the screen on show.
    /// - Complexity: O(n) in the number of tabs.
    public func snapshot() -> ShellState {
        controller.view.layoutIfNeeded()
        let bar = controller.tabBar
        bar.layoutIfNeeded()
        let tabs = bar.buttons.map { button in
            button.layoutIfNeeded()
            let badge: ShellState.Badge =
                switch button.badgeView.content {
                case .hidden: .hidden
                case .dot: .dot
                case .text(let text): .text(text)
                }
            let badgeFrame =
                badge == .hidden ? nil : extent(button.badgeView.frame, offset: button.frame.minX)
            return ShellState.Tab(
                title: button.currentTitle ?? "", imageName: button.currentImage?.name,
                badgeValue: button.item?.badgeValue, badge: badge, isSelected: button.isSelected,
                frame: extent(button.frame), badgeFrame: badgeFrame)
        }
        return ShellState(
            barWidth: Double(bar.frame.width), tabs: tabs, plusButton: extent(bar.plusButton.frame),
            navigation: navigationSnapshot(), screenTitle: screenTitle(),
            isTabBarHidden: controller.isTabBarHidden,
            presentedTitle: controller.presentedViewController.map { $0.title ?? "Untitled" })
    }

    private func extent(_ frame: CGRect, offset: CGFloat = 0) -> ShellState.Extent {
        ShellState.Extent(minX: Double(frame.minX + offset), width: Double(frame.width))
    }
}
