import Foundation
import TabBarModel
import Testing

@MainActor
@Suite struct TabBarLayoutTests {
    @Test func fourItemsOnA375By49Bar() {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 375, height: 49))
        bar.items = makeItems(4)
        bar.layoutIfNeeded()
        #expect(bar.buttons.map(\.frame.minX) == [0, 75, 225, 300])
        #expect(bar.buttons.map(\.frame.width) == [75, 75, 75, 75])
        #expect(bar.buttons.map(\.frame.height) == [49, 49, 49, 49])
        #expect(isClose(bar.plusButton.center, CGPoint(x: 187.5, y: 24.5)))
        #expect(bar.plusButton.frame.size == CGSize(width: 64, height: 44))
        #expect(isClose(bar.buttons[1].imageFrame, CGRect(x: 0, y: 0, width: 75, height: 34.3)))
        #expect(isClose(bar.buttons[1].titleFrame, CGRect(x: 0, y: 31.3, width: 75, height: 17.7)))
    }

    @Test func settingItemsReplacesButtons() {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 375, height: 49))
        let first = makeItems(4)
        bar.items = first
        weak let weakOldButton = bar.buttons.first
        bar.items = makeItems(2)
        #expect(bar.buttons.count == 2)
        #expect(bar.subviews.count == 3)
        #expect(bar.subviews.last === bar.plusButton)
        #expect(weakOldButton == nil)
        #expect(first.map { $0.observerCount(for: \.title) } == [0, 0, 0, 0])
        bar.layoutIfNeeded()
        #expect(bar.buttons.map(\.frame.minX) == [0, 250])
        #expect(isClose(bar.plusButton.center, CGPoint(x: 187.5, y: 24.5)))
    }

    @Test func oddItemCountCentresPlusInItsSlot() {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 400, height: 50))
        bar.items = makeItems(3)
        bar.layoutIfNeeded()
        #expect(bar.buttons.map(\.frame.minX) == [0, 200, 300])
        #expect(isClose(bar.plusButton.center, CGPoint(x: 150, y: 25)))
    }

    @Test func itemTitleChangeFollowsWithoutRebuilding() {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 375, height: 49))
        let items = makeItems(4)
        bar.items = items
        let button = bar.buttons[2]
        items[2].title = "Discover"
        #expect(bar.buttons[2] === button)
        #expect(bar.buttons.map(\.currentTitle) == ["Tab 0", "Tab 1", "Discover", "Tab 3"])
    }
}
