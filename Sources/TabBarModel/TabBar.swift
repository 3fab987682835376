import Foundation
import Observing

/// A custom tab bar with one button per item and a centre plus button, as the `UITabBar`
/// replacement of a typical iOS app shell.
///
/// Setting `items` builds one `TabBarButton` per item (replacing the old buttons, which drop
/// their registrations), selects the first and tells the delegate. A tap on a button asks the
/// delegate, then selects the button, deselects the previous one and tells the delegate; the
/// plus button tells the delegate and never becomes selected. A hidden bar takes no taps.
/// `selectedIndex` and `items` are observable.
///
/// A change made from an observer or a delegate call while another change of this model is
/// under way is made at once and completely; the change under way then stops where it is, so
/// the last change made is the state that remains (see <doc:BuildingAnAppShell>).
///
/// Layout: the bounds are cut into `items.count + 1` equal slots; the buttons fill them left
/// to right, skipping slot `items.count / 2`, in whose centre the plus button sits, sized to
/// its background image.
///
/// ```swift
/// let bar = TabBar(frame: CGRect(x: 0, y: 0, width: 375, height: 49))
/// bar.items = [home, messages, discover, me]
/// bar.layoutIfNeeded()
/// bar.buttons[2].frame        // (225, 0, 75, 49)
/// bar.hitTest(CGPoint(x: 187.5, y: 24.5))   // .plusButton
/// ```
@MainActor
public final class TabBar: View {
    /// What a point of the bar hits.
    public enum Hit: Hashable, Sendable {
        /// The button of the item at this index.
        case item(Int)
        /// The centre plus button.
        case plusButton
    }

    /// The height of a tab bar in a `TabBarController`, 49 pt as UIKit's.
    static let height: CGFloat = 49

    /// The plus button's background image, "tabbar_compose_button", 64 x 44 pt.
    static let plusBackground = ImageAsset("tabbar_compose_button", width: 64, height: 44)
    /// The plus button's highlighted background image.
    static let plusBackgroundHighlighted = ImageAsset(
        "tabbar_compose_button_highlighted", width: 64, height: 44)
    /// The plus button's icon.
    static let plusIcon = ImageAsset("tabbar_compose_icon_add", width: 30, height: 30)
    /// The plus button's highlighted icon.
    static let plusIconHighlighted = ImageAsset("tabbar_compose_icon_add_highlighted", width: 30, height: 30)

    @Observed private var itemStorage: [TabBarItem] = []
    @Observed private var selection = 0
    /// Numbers the changes of the items or the selection (see `select(_:)`).
    private var changeCounter = ChangeCounter()

    /// The buttons, one per item, in item order.
    public private(set) var buttons: [TabBarButton] = []

    /// The centre plus button, sized to its background image; never selected.
    public let plusButton = Button(frame: .zero)

    /// The delegate told about selections and plus-button taps; not retained.
    public weak var delegate: (any TabBarDelegate)?

    /// Creates an empty bar with the plus button.
    ///
    /// - Parameter frame: The frame, in points.
    public override init(frame: CGRect) {
        super.init(frame: frame)
        plusButton.setBackgroundImage(Self.plusBackground, for: .normal)
        plusButton.setBackgroundImage(Self.plusBackgroundHighlighted, for: .highlighted)
        plusButton.setImage(Self.plusIcon, for: .normal)
        plusButton.setImage(Self.plusIconHighlighted, for: .highlighted)
        plusButton.sizeToFit()
        addSubview(plusButton)
    }

    /// The items, one per tab; observable.
    ///
    /// Setting it replaces every button with a new one per item, selects index 0 and calls the
    /// delegate's `tabBar(_:didSelectItemAt:)` with 0 (unless the new list is empty, or an
    /// observer of `items` or of the selection changed the bar meanwhile).
    ///
    /// - Complexity: O(*n*) to set, where *n* is the number of items.
    public var items: [TabBarItem] {
        get { itemStorage }
        set {
            // An observer that changed the bar meanwhile has the last word.
            guard replaceItems(with: newValue, selecting: 0) else { return }
            if !newValue.isEmpty { delegate?.tabBar(self, didSelectItemAt: 0) }
        }
    }

    /// The index of the selected item, 0 when there are no items; observable.
    ///
    /// Setting it selects that button without telling the delegate, as UIKit's programmatic
    /// selection; an index outside `items` is ignored. It never selects the plus button.
    public var selectedIndex: Int {
        get { selection }
        set { select(newValue) }
    }

    /// The selected item, or `nil` when there are no items; observable.
    public var selectedItem: TabBarItem? {
        itemStorage.indices.contains(selection) ? itemStorage[selection] : nil
    }

    /// Cuts the bounds into `items.count + 1` slots, places the buttons in them left to right
    /// and the plus button in the centre of slot `items.count / 2`.
    public override func layoutSubviews() {
        let slotWidth = bounds.width / CGFloat(buttons.count + 1)
        let plusSlot = buttons.count / 2
        for (index, button) in buttons.enumerated() {
            let slot = index < plusSlot ? index : index + 1
            button.frame = CGRect(
                x: CGFloat(slot) * slotWidth, y: 0, width: slotWidth, height: bounds.height)
        }
        plusButton.sizeToFit()
        plusButton.center = CGPoint(x: (CGFloat(plusSlot) + 0.5) * slotWidth, y: bounds.midY)
    }

    /// Replaces every button with a new one per item and selects the item at `index` (the
    /// first if `index` is outside `items`), without telling the delegate: the entry point of a
    /// controller that owns the bar and already knows what it selects.
    ///
    /// - Parameters:
    ///   - items: The new items.
    ///   - index: The index of the item to select.
    /// - Returns: `false` when a nested change overtook this one, else `true`.
    /// - Complexity: O(*n*), where *n* is the number of items.
    @discardableResult
    func replaceItems(with items: [TabBarItem], selecting index: Int) -> Bool {
        let change = changeCounter.begin()
        for button in buttons {
            button.item = nil
            button.removeFromSuperview()
        }
        buttons = items.map { TabBarButton(item: $0) }
        for button in buttons { addSubview(button) }
        // Keep the plus button in front of the buttons, as the last subview.
        addSubview(plusButton)
        itemStorage = items
        guard changeCounter.isCurrent(change) else { return false }
        guard !items.isEmpty else {
            selection = 0
            return changeCounter.isCurrent(change)
        }
        return select(items.indices.contains(index) ? index : 0)
    }

    /// Selects the button at `index` and deselects the others (writing only the buttons whose
    /// state changes), then sets `selectedIndex`.
    ///
    /// An observer of a button's `isSelected` or of `selectedIndex` may change the bar again;
    /// that nested change is made completely and this one stops where it is.
    ///
    /// - Parameter index: The index of the item to select; ignored outside `items`.
    /// - Returns: `false` when a nested change overtook this one (its caller's change is then
    ///   stale too), else `true`.
    @discardableResult
    func select(_ index: Int) -> Bool {
        guard buttons.indices.contains(index) else { return true }
        let change = changeCounter.begin()
        for (position, button) in buttons.enumerated() where button.isSelected != (position == index) {
            button.isSelected = position == index
            guard changeCounter.isCurrent(change) else { return false }
        }
        // Written also when unchanged: a re-tap or a rebuild reports the selection again, as
        // every set notifies.
        selection = index
        return changeCounter.isCurrent(change)
    }
}
