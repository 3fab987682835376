import ObserveDemoCore
import Observing
import TabBarModel
import Testing

/// The demo's app shell, after a run of events, is freed with everything it built, and leaves
/// no registration behind on the items it observed.
@MainActor
@Suite struct AppShellLeakTests {
    @Test func aShellAfterARunIsFreedWithItsControllersAndBar() throws {
        weak var weakShell: AppShell?
        weak var weakController: TabBarController?
        weak var weakBar: TabBar?
        var weakButtons: [WeakReference] = []
        var items: [TabBarItem] = []
        do {
            let shell = AppShell.socialApp()
            for event: DemoEvent in [
                .badge(tab: 1, value: "5"), .title(tab: 2, title: "Explore"), .select(tab: 1),
                .badge(tab: 1, value: "1000"), .select(tab: 0),
            ] {
                try shell.apply(event)
            }
            _ = shell.snapshot()
            weakShell = shell
            weakController = shell.controller
            weakBar = shell.controller.tabBar
            weakButtons = shell.controller.tabBar.buttons.map { WeakReference($0) }
            items = shell.controller.tabBar.items
            #expect(items.allSatisfy { $0.observerCount(for: \.badgeValue) > 0 })
        }
        #expect(weakShell == nil)
        #expect(weakController == nil)
        #expect(weakBar == nil)
        #expect(weakButtons.allSatisfy { $0.object == nil })
        #expect(items.count == 4)
        for item in items {
            #expect(item.observerCount(for: \.badgeValue) == 0)
            #expect(item.observerCount(for: \.title) == 0)
        }
    }
}

/// A weak reference to keep in an array.
private struct WeakReference {
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }
}
