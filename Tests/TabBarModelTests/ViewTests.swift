import Foundation
import TabBarModel
import Testing

@MainActor
@Suite struct ViewTests {
    @Test func layoutIfNeededTwiceRunsLayoutSubviewsOnce() {
        let view = CountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.layoutIfNeeded()
        view.layoutIfNeeded()
        #expect(view.layoutCount == 1)
    }

    @Test func sizeChangeMarksAgainButOriginMoveDoesNot() {
        let view = CountingView(frame: CGRect(x: 0, y: 0, width: 100, height: 50))
        view.layoutIfNeeded()
        view.frame.origin = CGPoint(x: 10, y: 20)
        view.center = CGPoint(x: 70, y: 70)
        view.layoutIfNeeded()
        #expect(view.layoutCount == 1)
        #expect(view.frame == CGRect(x: 20, y: 45, width: 100, height: 50))
        view.frame.size.width = 120
        view.layoutIfNeeded()
        view.layoutIfNeeded()
        #expect(view.layoutCount == 2)
    }

    @Test func zeroFrameAtInitIsNotMarkedButAddSubviewMarks() {
        let view = CountingView(frame: .zero)
        view.layoutIfNeeded()
        #expect(view.layoutCount == 0)
        view.addSubview(View(frame: .zero))
        view.layoutIfNeeded()
        #expect(view.layoutCount == 1)
        view.setNeedsLayout()
        view.layoutIfNeeded()
        #expect(view.layoutCount == 2)
    }

    @Test func layoutIfNeededDescendsIntoMarkedSubviews() {
        let parent = CountingView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        let child = CountingView(frame: CGRect(x: 0, y: 0, width: 5, height: 5))
        parent.addSubview(child)
        parent.layoutIfNeeded()
        child.setNeedsLayout()
        parent.layoutIfNeeded()
        #expect(parent.layoutCount == 1)
        #expect(child.layoutCount == 2)
    }

    @Test func addSubviewMovesBetweenSuperviewsAndRefusesCycles() {
        let first = View(frame: .zero)
        let second = View(frame: .zero)
        let child = View(frame: .zero)
        first.addSubview(child)
        second.addSubview(child)
        #expect(first.subviews.isEmpty)
        #expect(second.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(child)])
        #expect(child.superview === second)
        child.addSubview(second)
        child.addSubview(child)
        #expect(child.subviews.isEmpty)
        #expect(second.superview == nil)
    }

    @Test func removedSubviewIsReleased() {
        let parent = View(frame: .zero)
        weak var weakChild: View?
        do {
            let child = View(frame: .zero)
            weakChild = child
            parent.addSubview(child)
        }
        #expect(weakChild != nil)
        weakChild?.removeFromSuperview()
        #expect(weakChild == nil)
        #expect(parent.subviews.isEmpty)
    }

    @Test func sizeToFitUsesSizeThatFits() {
        let badge = BadgeView(frame: CGRect(x: 5, y: 6, width: 50, height: 50))
        badge.badgeValue = "3"
        badge.frame.size = .zero
        badge.sizeToFit()
        #expect(badge.frame == CGRect(x: 5, y: 6, width: 20, height: 20))
    }
}
