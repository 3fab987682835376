import Foundation
import Observing
import TabBarModel
import Testing

@MainActor
@Suite struct TabBarButtonTests {
    @Test func followsEveryItemPropertyLive() {
        let item = TabBarItem(title: "Home", image: home, selectedImage: homeSelected)
        let button = TabBarButton(item: item)
        let titles = Recorder(button, \.currentTitle)
        #expect(button.currentTitle == "Home")
        #expect(button.currentImage == home)
        item.title = "Start"
        item.image = discover
        #expect(button.currentTitle == "Start")
        #expect(button.currentImage == discover)
        button.isSelected = true
        #expect(button.currentImage == homeSelected)
        item.selectedImage = nil
        #expect(button.currentImage == discover)
        item.badgeValue = "7"
        #expect(button.badgeView.content == .text("7"))
        // The title change, then the selection (every set of a dependency notifies).
        #expect(titles.values == [.some("Start"), .some("Start")])
    }

    @Test func titleColoursFontAndNoHighlight() {
        let button = TabBarButton(item: TabBarItem(title: "Me"))
        #expect(button.titleColor(for: .normal) == .black)
        #expect(button.titleColor(for: .selected) == .orange)
        #expect(button.currentTitleColor == .black)
        #expect(button.titleFont.pointSize == 12)
        button.isHighlighted = true
        #expect(!button.isHighlighted)
        #expect(button.state == .normal)
        button.isSelected = true
        #expect(button.currentTitleColor == .orange)
        #expect(button.state == .selected)
    }

    @Test func layoutOfA75By49Button() {
        let item = TabBarItem(title: "Home")
        item.badgeValue = "5"
        let button = TabBarButton(item: item)
        button.frame = CGRect(x: 75, y: 0, width: 75, height: 49)
        button.layoutIfNeeded()
        #expect(isClose(button.imageFrame, CGRect(x: 0, y: 0, width: 75, height: 34.3)))
        #expect(isClose(button.titleFrame, CGRect(x: 0, y: 31.3, width: 75, height: 17.7)))
        #expect(button.badgeView.frame == CGRect(x: 45, y: 0, width: 20, height: 20))
        item.badgeValue = "10000"
        button.layoutIfNeeded()
        #expect(button.badgeView.frame == CGRect(x: 55, y: 0, width: 10, height: 10))
    }

    @Test func replacingOrDroppingTheItemRemovesEveryRegistration() {
        let first = TabBarItem(title: "First")
        let second = TabBarItem(title: "Second")
        let button = TabBarButton(item: first)
        #expect(counts(first) == [1, 1, 1, 1])
        button.item = second
        #expect(counts(first) == [0, 0, 0, 0])
        #expect(counts(second) == [1, 1, 1, 1])
        #expect(button.currentTitle == "Second")
        first.title = "Stale"
        #expect(button.currentTitle == "Second")
        button.item = nil
        #expect(counts(second) == [0, 0, 0, 0])
        #expect(button.currentTitle == nil)
        #expect(button.currentImage == nil)
    }

    @Test func aDroppedButtonLeavesNoRegistrationAndIsReleased() {
        let item = TabBarItem(title: "Home")
        weak var weakButton: TabBarButton?
        do {
            let button = TabBarButton(item: item)
            weakButton = button
            #expect(item.observerCount(for: \.title) == 1)
        }
        #expect(weakButton == nil)
        #expect(item.observerCount(for: \.title) == 0)
        item.title = "After"  // must not reach a dead observer
        #expect(item.title == "After")
    }

    private func counts(_ item: TabBarItem) -> [Int] {
        [
            item.observerCount(for: \.title), item.observerCount(for: \.image),
            item.observerCount(for: \.selectedImage), item.observerCount(for: \.badgeValue),
        ]
    }
}

private let home = ImageAsset("tabbar_home", width: 30, height: 30)
private let homeSelected = ImageAsset("tabbar_home_selected", width: 30, height: 30)
private let discover = ImageAsset("tabbar_discover", width: 30, height: 30)
