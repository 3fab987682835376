#if compiler(>=6.2)
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
    /// A main-actor class conforms with `@preconcurrency` and implements the method as an
    /// ordinary main-actor method, which may use the class's state:
    ///
    /// ```swift
    /// @MainActor final class BadgeLabel: @preconcurrency KeyValueObserver {
    ///     static let context = ObservationContext("BadgeLabel")
    ///     var text = ""
    ///     func observeValue(forKeyPath keyPath: AnyKeyPath, of object: AnyObject,
    ///                       change: KeyValueChange, context: ObservationContext?) {
    ///         guard context == Self.context, keyPath == \TabBarItem.badgeValue else { return }
    ///         text = change.newValue(as: String?.self) ?? nil ?? ""
    ///     }
    /// }
    /// ```
    ///
    /// The `@preconcurrency` conformance makes the compiler check, at each call, that the method
    /// runs on the main actor (SE-0423's dynamic isolation check): a set of the observed property
    /// made on another thread traps instead of running main-actor code off the main actor. So set
    /// the observed properties on the main actor. The protocol refines `SendableMetatype`, so the
    /// other spelling the compiler might suggest, an isolated conformance
    /// (`extension BadgeLabel: @MainActor KeyValueObserver`), which would be called unchecked
    /// from any thread, is rejected.
    public protocol KeyValueObserver: AnyObject, SendableMetatype {
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
#else
    /// An object that receives changes; see the Swift 6.2 declaration.
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
#endif
