/// An object that receives changes through `observeValue(forKeyPath:of:change:context:)`, as
/// the observer side of KVO's `addObserver(_:forKeyPath:options:context:)`.
///
/// Register with `KeyValueObservable.addObserver(_:forKeyPath:options:context:)`. The
/// observed object holds the observer weakly: when the observer deallocates, its
/// registrations disappear without being removed.
///
/// The method is called synchronously on the thread that set the property, before the
/// setter returns. A main-actor class implements it `nonisolated` and uses
/// `MainActor.assumeIsolated` when it only observes main-actor models.
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
