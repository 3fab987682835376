import Foundation
import Observing
import TabBarModel

/// Records every new value a key path reports, to assert on the whole history.
@MainActor
final class Recorder<Value: Sendable> {
    private(set) var values: [Value] = []
    private var token: ObservationToken?

    init<Object: KeyValueObservable>(
        _ object: Object, _ keyPath: KeyPath<Object, Value>, options: KeyValueObservingOptions = [.new]
    ) {
        token = object.observe(keyPath, options: options) { [weak self] _, change in
            if let value = change.newValue { self?.values.append(value) }
        }
    }
}

/// Records every delegate call of a tab bar, in order, refusing taps on `refusedIndexes`.
@MainActor
final class RecordingTabBarDelegate: TabBarDelegate {
    enum Event: Equatable {
        case shouldSelect(Int)
        case didSelect(Int)
        case didTapPlus
    }

    private(set) var events: [Event] = []
    var refusedIndexes: Set<Int> = []

    func tabBar(_ tabBar: TabBar, shouldSelectItemAt index: Int) -> Bool {
        events.append(.shouldSelect(index))
        return !refusedIndexes.contains(index)
    }

    func tabBar(_ tabBar: TabBar, didSelectItemAt index: Int) {
        events.append(.didSelect(index))
    }

    func tabBarDidTapPlusButton(_ tabBar: TabBar) {
        events.append(.didTapPlus)
    }
}

/// Records which children a tab bar controller asked about, in order, refusing those in
/// `refused`.
@MainActor
final class RecordingTabBarControllerDelegate: TabBarControllerDelegate {
    private(set) var asked: [ViewController] = []
    var refused: [ViewController] = []

    /// The titles of the children asked about, in order.
    var askedTitles: [String?] { asked.map(\.title) }

    func tabBarController(_ tabBarController: TabBarController, shouldSelect viewController: ViewController)
        -> Bool
    {
        asked.append(viewController)
        return !refused.contains { $0 === viewController }
    }
}

/// A view that counts its layout passes.
final class CountingView: View {
    private(set) var layoutCount = 0

    override func layoutSubviews() {
        layoutCount += 1
    }
}

/// Whether two rectangles are equal within `tolerance` points per coordinate.
func isClose(_ lhs: CGRect, _ rhs: CGRect, tolerance: CGFloat = 1e-9) -> Bool {
    abs(lhs.minX - rhs.minX) <= tolerance && abs(lhs.minY - rhs.minY) <= tolerance
        && abs(lhs.width - rhs.width) <= tolerance && abs(lhs.height - rhs.height) <= tolerance
}

/// Whether two points are equal within `tolerance` points per coordinate.
func isClose(_ lhs: CGPoint, _ rhs: CGPoint, tolerance: CGFloat = 1e-9) -> Bool {
    abs(lhs.x - rhs.x) <= tolerance && abs(lhs.y - rhs.y) <= tolerance
}

/// Four items as in the original app.
@MainActor
func makeItems(_ count: Int) -> [TabBarItem] {
    (0..<count).map { index in
        TabBarItem(
            title: "Tab \(index)", image: ImageAsset("tab\(index)", width: 30, height: 30),
            selectedImage: ImageAsset("tab\(index)_selected", width: 30, height: 30))
    }
}
