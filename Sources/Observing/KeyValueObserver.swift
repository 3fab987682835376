/// An object that receives changes through `observeValue(forKeyPath:of:change:context:)`, as
/// the observer side of KVO's `addObserver(_:forKeyPath:options:context:)`.
///
/// Register with `KeyValueObservable.addObserver(_:forKeyPath:options:context:)`. The
/// observed object holds the observer weakly: when the observer deallocates, its
/// registrations disappear without being removed.
///
/// The method is called synchronously on the thread that set the property, before the
/// setter returns.
///
/// A main-actor class implements the method `nonisolated`, declares its context
/// `nonisolated static let`, and hops with `MainActor.assumeIsolated` when it only observes
/// main-actor models. `AnyKeyPath` and `AnyObject` are not `Sendable`, so compare them before
/// the hop and pass only `Sendable` facts into it:
///
/// ```swift
/// @MainActor final class BadgeLabel: KeyValueObserver {
///     nonisolated static let context = ObservationContext("BadgeLabel")
///     var text = ""
///     nonisolated func observeValue(forKeyPath keyPath: AnyKeyPath, of object: AnyObject,
///                                   change: KeyValueChange, context: ObservationContext?) {
///         guard context == Self.context, keyPath == \TabBarItem.badgeValue else { return }
///         let badge = change.newValue(as: String?.self) ?? nil
///         MainActor.assumeIsolated { text = badge ?? "" }
///     }
/// }
/// ```
public protocol KeyValueObserver: AnyObject {
    /// Receives one change of a property this observer registered for.
    ///
    /// - Parameters:
    ///   - keyPath: The key path given at registration.
    ///   - object: The observed object.
    ///   - change: The change, with the values the registration's options ask for.
    ///   - context: The context given at registration.
    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?)
}
