import Foundation
import Observing
import TabBarModel
import Testing

/// The promises of `View`, `Button`, `ControlState`, `ImageAsset` and `Color`
/// (Sources/TabBarModel/View.swift, View+Hierarchy.swift, Button.swift, ControlState.swift,
/// ImageAsset.swift, Color.swift).
@MainActor
@Suite struct ViewPromiseTests {
    /// Frames set during layout are laid out in the same pass.
    ///
    /// View.swift: "The mark is cleared before `layoutSubviews()` runs, so frames set there mark
    /// only the subviews, which are laid out next in the same pass."
    @Test func framesSetDuringLayoutAreLaidOutInTheSamePass() {
        let parent = ResizingView(frame: CGRect(x: 0, y: 0, width: 100, height: 100))
        let child = CountingView(frame: .zero)
        parent.child = child
        parent.addSubview(child)
        parent.layoutIfNeeded()
        #expect(parent.layoutCount == 1)
        #expect(child.layoutCount == 1)
        parent.layoutIfNeeded()
        #expect(parent.layoutCount == 1)
        #expect(child.layoutCount == 1)
    }

    /// Adding a subview again moves it to the front.
    ///
    /// View+Hierarchy.swift: "one that is already a subview moves to the front."
    @Test func addingASubviewAgainMovesItToTheFront() {
        let parent = View(frame: .zero)
        let (a, b) = (View(frame: .zero), View(frame: .zero))
        parent.addSubview(a)
        parent.addSubview(b)
        parent.addSubview(a)
        #expect(parent.subviews.map(ObjectIdentifier.init) == [ObjectIdentifier(b), ObjectIdentifier(a)])
    }

    /// The superview is weak.
    ///
    /// View.swift: "holds its `subviews` strongly and its `superview` weakly" and
    /// View+Hierarchy.swift: "Does nothing without a superview."
    @Test func theSuperviewIsWeak() {
        let child = View(frame: .zero)
        do {
            let parent = View(frame: .zero)
            parent.addSubview(child)
            #expect(child.superview === parent)
        }
        #expect(child.superview == nil)
        child.removeFromSuperview()
        #expect(child.superview == nil)
    }

    /// Base sizeThatFits and bounds.
    ///
    /// View.swift: "The base implementation returns the current size." (`sizeThatFits(_:)`) and
    /// "The view's rectangle in its own coordinate space: origin zero, the frame's size".
    @Test func baseSizeThatFitsAndBounds() {
        let view = View(frame: CGRect(x: 5, y: 6, width: 30, height: 40))
        #expect(view.sizeThatFits(CGSize(width: 1, height: 1)) == CGSize(width: 30, height: 40))
        #expect(view.bounds == CGRect(x: 0, y: 0, width: 30, height: 40))
        view.sizeToFit()
        #expect(view.frame == CGRect(x: 5, y: 6, width: 30, height: 40))
    }

    /// Button values fall back to normal.
    ///
    /// Button.swift: "Values are looked up for the current `state` (from `isSelected` and
    /// `isHighlighted`) and fall back to the `.normal` value." and ControlState.swift: "A lookup
    /// for a combined state falls back to `.normal` when nothing was set for it."
    @Test func buttonValuesFallBackToNormal() {
        let button = Button(frame: .zero)
        button.setTitle("N", for: .normal)
        button.setTitle("S", for: .selected)
        button.setImage(ImageAsset("h", width: 1, height: 1), for: .highlighted)
        #expect(button.currentTitle == "N")
        button.isSelected = true
        #expect(button.currentTitle == "S")
        button.isHighlighted = true
        #expect(button.state == [.selected, .highlighted])
        #expect(button.currentTitle == "N")  // nothing set for selected + highlighted
        #expect(button.currentImage == nil)
        button.isSelected = false
        #expect(button.currentImage?.name == "h")
        button.setTitle(nil, for: .selected)
        button.isHighlighted = false
        button.isSelected = true
        #expect(button.currentTitle == "N")
    }

    /// Button defaults are black and 15 points.
    ///
    /// Button.swift: "The title colour for `state`, else the normal colour (black unless set)"
    /// and "The font of the title; 15 pt by default."
    @Test func buttonDefaultsAreBlackAnd15Points() {
        let button = Button(frame: .zero)
        #expect(button.currentTitleColor == .black)
        #expect(button.titleFont.pointSize == 15)
        button.setTitleColor(nil, for: .normal)
        #expect(button.titleColor(for: .selected) == .black)
    }

    /// Button sizeThatFits.
    ///
    /// Button.swift: "The normal background image's size if there is one, else the normal
    /// image's size beside the normal title's estimated width (`SystemTextMeasurer`), at least as
    /// tall as the font."
    @Test func buttonSizeThatFits() {
        let button = Button(frame: .zero)
        #expect(button.sizeThatFits(.zero) == .zero)
        button.setTitle("ab", for: .normal)  // 2 x 0.52 x 15 = 15.6 pt, 18 pt tall
        #expect(isClose(button.sizeThatFits(.zero), CGSize(width: 15.6, height: 18)))
        button.setImage(ImageAsset("i", width: 20, height: 30), for: .normal)
        #expect(isClose(button.sizeThatFits(.zero), CGSize(width: 35.6, height: 30)))
        button.setBackgroundImage(ImageAsset("b", width: 64, height: 44), for: .normal)
        #expect(button.sizeThatFits(.zero) == CGSize(width: 64, height: 44))
    }

    /// Button current values are observable.
    ///
    /// Button.swift: "`currentTitle`, `currentImage`, `currentBackgroundImage` and
    /// `currentTitleColor` are observable ..., as is `isSelected`."
    @Test func buttonCurrentValuesAreObservable() {
        let button = Button(frame: .zero)
        let titles = Recorder(button, \.currentTitle)
        let images = Recorder(button, \.currentImage)
        let backgrounds = Recorder(button, \.currentBackgroundImage)
        let colours = Recorder(button, \.currentTitleColor)
        let selections = Recorder(button, \.isSelected)
        button.setTitle("T", for: .normal)
        button.setImage(ImageAsset("i", width: 1, height: 1), for: .normal)
        button.setBackgroundImage(ImageAsset("b", width: 1, height: 1), for: .normal)
        button.setTitleColor(.orange, for: .normal)
        button.isSelected = true
        #expect(titles.values.first == .some("T"))
        #expect(images.values.first??.name == "i")
        #expect(backgrounds.values.first??.name == "b")
        #expect(colours.values.contains(.orange))
        #expect(selections.values == [true])
    }

    /// Control state bits and colours.
    ///
    /// ControlState.swift: "The raw bits, the same values as UIKit's." and Color.swift: "Orange
    /// (1, 0.5, 0)".
    @Test func controlStateBitsAndColours() {
        #expect(ControlState.normal.rawValue == 0)
        #expect(ControlState.highlighted.rawValue == 1)
        #expect(ControlState.selected.rawValue == 4)
        #expect(Color.orange == Color(red: 1, green: 0.5, blue: 0, alpha: 1))
        #expect(Color.black == Color(red: 0, green: 0, blue: 0))
        #expect(Color.white == Color(red: 1, green: 1, blue: 1))
    }

    /// Image asset equality.
    ///
    /// ImageAsset.swift: "Two assets are equal when both name and size are equal."
    @Test func imageAssetEquality() {
        let asset = ImageAsset("a", width: 10, height: 20)
        #expect(asset == ImageAsset("a", size: CGSize(width: 10, height: 20)))
        #expect(asset != ImageAsset("b", width: 10, height: 20))
        #expect(asset != ImageAsset("a", width: 10, height: 21))
    }
}

/// A view that sizes its child during its own layout pass.
private final class ResizingView: View {
    var child: View?
    private(set) var layoutCount = 0

    override func layoutSubviews() {
        layoutCount += 1
        child?.frame = CGRect(x: 0, y: 0, width: bounds.width / 2, height: bounds.height / 2)
    }
}

/// Whether two sizes are equal within a billionth of a point.
private func isClose(_ lhs: CGSize, _ rhs: CGSize) -> Bool {
    abs(lhs.width - rhs.width) < 1e-9 && abs(lhs.height - rhs.height) < 1e-9
}
