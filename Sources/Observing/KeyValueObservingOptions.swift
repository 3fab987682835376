/// The values and moments a registration asks to be notified with, as Foundation's
/// `NSKeyValueObservingOptions`.
///
/// With no options a handler is called once after each set, with neither `oldValue` nor
/// `newValue` filled in (as KVO does with `[]`).
public struct KeyValueObservingOptions: OptionSet, Hashable, Sendable {
    /// The raw bits of the option set.
    public let rawValue: UInt

    /// Creates an option set from its raw bits.
    ///
    /// - Parameter rawValue: The bits, as produced by `rawValue`.
    @inlinable
    public init(rawValue: UInt) {
        self.rawValue = rawValue
    }

    /// Fill in `newValue`, as `NSKeyValueObservingOptions.new`.
    public static let new = KeyValueObservingOptions(rawValue: Bit.new)
    /// Fill in `oldValue`, as `NSKeyValueObservingOptions.old`.
    public static let old = KeyValueObservingOptions(rawValue: Bit.old)
    /// Call the handler once during registration with the current value, before the
    /// registering call returns, as `NSKeyValueObservingOptions.initial`.
    public static let initial = KeyValueObservingOptions(rawValue: Bit.initial)
    /// Also call the handler before each store, with `isPrior == true`, the old value (when
    /// `.old` is set) and no new value, while the property still reads the old value, as
    /// `NSKeyValueObservingOptions.prior`. (An ``ObservableProperty`` stores each set at once,
    /// so there the prior call comes after the store: see its `observe(options:changeHandler:)`.)
    public static let prior = KeyValueObservingOptions(rawValue: Bit.prior)
    /// Skip changes whose new value equals the old one.
    ///
    /// Applies when the value type is `Equatable` (as Combine's `removeDuplicates()`); ignored
    /// for other types. Without it every set
    /// notifies, as in KVO.
    ///
    /// With `.prior`, a prior call is always followed by its after call, as in KVO: a set of a
    /// stored value to an equal one sends neither, while a computed key path or a chain, whose
    /// new value is known only once the store is made, sends both even when its value does not
    /// change; so does a `willChangeValue(for:)`/`didChangeValue(for:)` pair, whose prior call
    /// comes before the new value exists.
    public static let removeDuplicates = KeyValueObservingOptions(rawValue: Bit.removeDuplicates)
}

extension KeyValueObservingOptions {
    /// The bit of each option: the one definition of the options' values, which the public
    /// options and a registry entry's packed option bits both use.
    ///
    /// Constants the optimizer folds, where the public `static let`s are reached through an
    /// accessor call from another module (a registry entry tests its bits on every delivery).
    @usableFromInline
    enum Bit {
        @inlinable static var new: UInt { 1 << 0 }
        @inlinable static var old: UInt { 1 << 1 }
        @inlinable static var initial: UInt { 1 << 2 }
        @inlinable static var prior: UInt { 1 << 3 }
        @inlinable static var removeDuplicates: UInt { 1 << 4 }
        /// Every bit an option defines; the others mean nothing.
        @inlinable static var defined: UInt { new | old | initial | prior | removeDuplicates }
    }
}
