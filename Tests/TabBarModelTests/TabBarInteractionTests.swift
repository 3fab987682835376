import Foundation
import Observing
import TabBarModel
import Testing

@MainActor
@Suite struct TabBarInteractionTests {
    @Test func twoItemsHaveSlotsItemPlusItem() {
        let (bar, delegate) = makeBar(items: 2)
        #expect(bar.hitTest(CGPoint(x: 62.5, y: 24.5)) == .item(0))
        #expect(bar.hitTest(CGPoint(x: 187.5, y: 24.5)) == .plusButton)
        let middleOfSlot2 = CGPoint(x: 312.5, y: 24.5)
        #expect(bar.hitTest(middleOfSlot2) == .item(1))
        if case .item(let index) = bar.hitTest(middleOfSlot2) { bar.tapButton(at: index) }
        #expect(bar.selectedIndex == 1)
        #expect(bar.buttons.map(\.isSelected) == [false, true])
        bar.tapPlusButton()
        #expect(bar.selectedIndex == 1)
        #expect(!bar.plusButton.isSelected)
        #expect(delegate.events == [.didSelect(0), .shouldSelect(1), .didSelect(1), .didTapPlus])
    }

    @Test func settingSelectedIndexInCodeNeverSelectsPlus() {
        let (bar, delegate) = makeBar(items: 2)
        let selections = Recorder(bar, \.selectedIndex)
        bar.selectedIndex = 1
        bar.selectedIndex = 2
        bar.selectedIndex = -1
        #expect(bar.selectedIndex == 1)
        #expect(bar.buttons.map(\.isSelected) == [false, true])
        #expect(!bar.plusButton.isSelected)
        #expect(selections.values == [1])
        #expect(delegate.events == [.didSelect(0)])
    }

    @Test func fourItemsHaveSlotsWithPlusInTheMiddle() {
        let (bar, delegate) = makeBar(items: 4)
        let slotCentres = (0..<5).map { CGPoint(x: 75 * CGFloat($0) + 37.5, y: 24.5) }
        #expect(slotCentres.map(bar.hitTest) == [.item(0), .item(1), .plusButton, .item(2), .item(3)])
        #expect(bar.tap(at: slotCentres[3]) == .item(2))
        #expect(bar.selectedIndex == 2)
        #expect(bar.buttons.map(\.isSelected) == [false, false, true, false])
        #expect(delegate.events == [.didSelect(0), .shouldSelect(2), .didSelect(2)])
    }

    @Test func pointsOutsideOrOnAHiddenBarHitNothing() {
        let (bar, _) = makeBar(items: 4)
        #expect(bar.hitTest(CGPoint(x: -1, y: 10)) == nil)
        #expect(bar.hitTest(CGPoint(x: 10, y: 49)) == nil)
        bar.isHidden = true
        #expect(bar.hitTest(CGPoint(x: 10, y: 10)) == nil)
    }

    @Test func tappingAnInvalidIndexIsIgnored() {
        let (bar, delegate) = makeBar(items: 2)
        bar.tapButton(at: 2)
        bar.tapButton(at: -1)
        #expect(bar.selectedIndex == 0)
        #expect(delegate.events == [.didSelect(0)])
    }

    @Test func aRefusedTapChangesNothing() {
        let (bar, delegate) = makeBar(items: 3)
        let selections = Recorder(bar, \.selectedIndex)
        delegate.refusedIndexes = [0, 2]
        bar.tapButton(at: 2)
        bar.tapButton(at: 0)  // the selected button: asked too
        #expect(bar.selectedIndex == 0)
        #expect(bar.buttons.map(\.isSelected) == [true, false, false])
        #expect(selections.values.isEmpty)
        #expect(delegate.events == [.didSelect(0), .shouldSelect(2), .shouldSelect(0)])
    }

    @Test func reTappingTheSelectedButtonAsksAndTellsAgain() {
        let (bar, delegate) = makeBar(items: 2)
        let selections = Recorder(bar, \.selectedIndex)
        bar.tapButton(at: 0)
        #expect(selections.values == [0])
        #expect(delegate.events == [.didSelect(0), .shouldSelect(0), .didSelect(0)])
    }

    @Test func aHiddenBarTakesNoTaps() {
        let (bar, delegate) = makeBar(items: 2)
        bar.isHidden = true
        bar.tapButton(at: 1)
        bar.tapPlusButton()
        #expect(bar.tap(at: CGPoint(x: 312.5, y: 24.5)) == nil)
        #expect(bar.selectedIndex == 0)
        bar.isHidden = false
        bar.buttons[1].isHidden = true
        bar.plusButton.isHidden = true
        bar.tapButton(at: 1)
        bar.tapPlusButton()
        #expect(bar.selectedIndex == 0)
        #expect(delegate.events == [.didSelect(0)])
    }

    @Test func settingItemsSelectsTheFirstAndTellsWithoutAsking() {
        let (bar, delegate) = makeBar(items: 2)
        bar.tapButton(at: 1)
        bar.items = makeItems(3)
        bar.items = []
        #expect(bar.selectedIndex == 0)
        #expect(delegate.events == [.didSelect(0), .shouldSelect(1), .didSelect(1), .didSelect(0)])
    }

    @Test func delegateMethodsAreOptionalAndTheDelegateIsWeak() {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 375, height: 49))
        do {
            let silent = SilentDelegate()
            bar.delegate = silent
            bar.items = makeItems(2)
            bar.tapButton(at: 1)
            bar.tapPlusButton()
            #expect(bar.selectedIndex == 1)
            #expect(bar.delegate != nil)
        }
        #expect(bar.delegate == nil)
    }

    private func makeBar(items count: Int) -> (TabBar, RecordingTabBarDelegate) {
        let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 375, height: 49))
        let delegate = RecordingTabBarDelegate()
        bar.delegate = delegate
        bar.items = makeItems(count)
        bar.layoutIfNeeded()
        return (bar, delegate)
    }
}

@MainActor
private final class SilentDelegate: TabBarDelegate {}
