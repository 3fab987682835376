/// What a navigation stack gave a controller it pushed, with what the controller had before, so
/// that the stack can take it back when the controller leaves it.
///
/// A push gives `hidesBottomBarWhenPushed = true`, a back item on the left and a "more" item on
/// the right; ``ViewController/takeBackStackGift()`` undoes what of that is still in place.
struct StackGift {
    /// The back item the push put on the left.
    let backItem: BarButtonItem
    /// The "more" item the push put on the right.
    let moreItem: BarButtonItem
    /// The navigation item's left items before the push.
    let previousLeftItems: [BarButtonItem]
    /// The navigation item's right items before the push.
    let previousRightItems: [BarButtonItem]
    /// `hidesBottomBarWhenPushed` before the push.
    let previousHidesBottomBar: Bool
}

extension ViewController {
    /// Takes back what a navigation stack gave this controller when it pushed it.
    ///
    /// Only what the controller still has goes: `hidesBottomBarWhenPushed` returns to `false`
    /// if it was `false` before the push and is still `true`, and the left and right items
    /// return to what they were if they are still the back and "more" items. Does nothing when
    /// no stack gave anything.
    ///
    /// A stack calls it on a controller it popped, once the controller is off the stack (so that
    /// its bar, which follows the top, never shows the change), and a push or a new stack calls
    /// it before giving anew (a controller made the root of a stack while its pop is under way).
    func takeBackStackGift() {
        guard let gift = stackGift else { return }
        stackGift = nil
        if hidesBottomBarWhenPushed, !gift.previousHidesBottomBar { hidesBottomBarWhenPushed = false }
        // Compared by identity: items set since the push, or by a new push made by an observer of
        // the write above, stay.
        if navigationItem.leftBarButtonItems.elementsEqual([gift.backItem], by: ===) {
            navigationItem.leftBarButtonItems = gift.previousLeftItems
        }
        if navigationItem.rightBarButtonItems.elementsEqual([gift.moreItem], by: ===) {
            navigationItem.rightBarButtonItems = gift.previousRightItems
        }
    }
}
