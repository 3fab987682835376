import Foundation
import Observing
import TabBarModel
import Testing

/// What flows live from a `TabBarItem` into its `TabBarButton` and `BadgeView`
/// (Sources/TabBarModel/TabBarItem.swift, TabBarButton.swift, TabBarModel.docc/TabBarModel.md).
@MainActor
@Suite struct ItemFlowPromiseTests {
    /// Every item property is observable.
    ///
    /// TabBarItem.swift: "Every property is `@Observed`: a `TabBarButton` bound to the item
    /// follows each change at once, and so can any observer."
    @Test func everyItemPropertyIsObservable() {
        let item = TabBarItem()
        let titles = Recorder(item, \.title)
        let images = Recorder(item, \.image)
        let selectedImages = Recorder(item, \.selectedImage)
        let badges = Recorder(item, \.badgeValue)
        item.title = "Home"
        item.image = home
        item.selectedImage = homeSelected
        item.badgeValue = "5"
        #expect(titles.values == [.some("Home")])
        #expect(images.values == [.some(home)])
        #expect(selectedImages.values == [.some(homeSelected)])
        #expect(badges.values == [.some("5")])
    }

    /// An item starts empty.
    ///
    /// TabBarItem.swift: "`init(title:image:selectedImage:)` ... `nil` by default", and the
    /// badge starts empty.
    @Test func anItemStartsEmpty() {
        let item = TabBarItem()
        #expect(item.title == nil)
        #expect(item.image == nil)
        #expect(item.selectedImage == nil)
        #expect(item.badgeValue == nil)
    }

    /// A badge change flows into the bar's button and its layout.
    ///
    /// TabBarModel.md: "a change flows at once from the item to the button and its
    /// ``BadgeView``" — inside a tab bar, with the badge placed for its new size.
    @Test func aBadgeChangeFlowsIntoTheBarsButtonAndItsLayout() {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 375, height: 49))
        let items = makeItems(4)
        bar.items = items
        bar.layoutIfNeeded()
        let contents = Recorder(bar.buttons[3].badgeView, \.content)
        items[3].badgeValue = "8"
        #expect(bar.buttons[3].badgeView.content == .text("8"))
        bar.layoutIfNeeded()
        #expect(bar.buttons[3].badgeView.frame == CGRect(x: 45, y: 0, width: 20, height: 20))
        items[3].badgeValue = "1000"
        bar.layoutIfNeeded()
        #expect(bar.buttons[3].badgeView.frame == CGRect(x: 55, y: 0, width: 10, height: 10))
        items[3].badgeValue = nil
        #expect(bar.buttons[3].badgeView.isHidden)
        #expect(contents.values == [.text("8"), .dot, .hidden])
    }

    /// The selected tab shows its selected image.
    ///
    /// TabBarButton.swift: "The normal image is the item's `image`, the selected image its
    /// `selectedImage`." and TabBarItem.swift: "`nil` falls back to `image`" — as the bar
    /// selects and deselects.
    @Test func theSelectedTabShowsItsSelectedImage() {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 375, height: 49))
        let items = makeItems(2)
        items[1].selectedImage = nil
        bar.items = items
        #expect(bar.buttons.map(\.currentImage?.name) == ["tab0_selected", "tab1"])
        bar.tapButton(at: 1)
        #expect(bar.buttons.map(\.currentImage?.name) == ["tab0", "tab1"])
        items[1].selectedImage = ImageAsset("tab1_on", width: 30, height: 30)
        #expect(bar.buttons[1].currentImage?.name == "tab1_on")
    }

    /// The button retains its item.
    ///
    /// TabBarButton.swift: "Replacing or dropping `item` removes every registration it made;
    /// ... the button holds the item strongly."
    @Test func theButtonRetainsItsItem() {
        weak var weakItem: TabBarItem?
        let button: TabBarButton
        do {
            let item = TabBarItem(title: "Kept")
            weakItem = item
            button = TabBarButton(item: item)
        }
        #expect(weakItem != nil)
        #expect(button.item === weakItem)
        weakItem?.badgeValue = "2"
        #expect(button.badgeView.content == .text("2"))
    }

    /// The old item's badge no longer reaches the button.
    ///
    /// TabBarButton.swift: "Changes of an item the button no longer shows are ignored." — also a
    /// badge change of the old item after the button moved on.
    @Test func theOldItemsBadgeNoLongerReachesTheButton() {
        let first = TabBarItem(title: "First")
        first.badgeValue = "1"
        let second = TabBarItem(title: "Second")
        let button = TabBarButton(item: first)
        #expect(button.badgeView.content == .text("1"))
        button.item = second
        #expect(button.badgeView.content == .hidden)
        first.badgeValue = "9"
        #expect(button.badgeView.content == .hidden)
        button.item = first
        #expect(button.badgeView.content == .text("9"))
    }

    /// The initial item has the initial title only.
    ///
    /// ViewController.swift: "At first an item titled with the controller's initial title." —
    /// the item is not tied to later titles.
    @Test func theInitialItemHasTheInitialTitleOnly() {
        let controller = ViewController(title: "Home")
        #expect(controller.tabBarItem.title == "Home")
        controller.title = "Start"
        #expect(controller.tabBarItem.title == "Home")
        #expect(ViewController().tabBarItem.title == nil)
    }

    /// A child's item title and images flow into the shell's bar.
    ///
    /// TabBarController.swift: "The bar's items are the children's `tabBarItem`s: each item's
    /// title, images and badge stay live".
    @Test func aChildsItemTitleAndImagesFlowIntoTheShellsBar() {
        let children = ["Home", "Me"].map { ViewController(title: $0) }
        let shell = TabBarController(viewControllers: children)
        let button = shell.tabBar.buttons[1]
        children[1].tabBarItem.title = "Profile"
        children[1].tabBarItem.image = home
        #expect(button.currentTitle == "Profile")
        #expect(button.currentImage == home)
        #expect(shell.tabBar.buttons[1] === button)  // no rebuild
    }
}

private let home = ImageAsset("tabbar_home", width: 30, height: 30)
private let homeSelected = ImageAsset("tabbar_home_selected", width: 30, height: 30)
