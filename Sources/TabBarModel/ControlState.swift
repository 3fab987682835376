/// The states a button's titles, images and colours are set for, as UIKit's `UIControl.State`.
///
/// A lookup for a combined state falls back to `.normal` when nothing was set for it.
public struct ControlState: OptionSet, Hashable, Sendable {
    /// The raw bits, the same values as UIKit's.
    public let rawValue: UInt

    /// Creates a state from its raw bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// The normal state: neither highlighted nor selected.
    public static let normal: ControlState = []
    /// The state while a touch is down on the control.
    public static let highlighted = ControlState(rawValue: 1 << 0)
    /// The selected state.
    public static let selected = ControlState(rawValue: 1 << 2)
}
