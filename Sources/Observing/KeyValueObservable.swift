#if compiler(>=6.2)
    /// A class whose `@Observed` properties, and the computed properties and key-path chains that
    /// read them, can be observed with `observe(_:options:changeHandler:)` and
    /// `addObserver(_:forKeyPath:options:context:)`.
    ///
    /// A marker protocol: conforming adds no requirements.
    ///
    /// ```swift
    /// final class Profile: KeyValueObservable {
    ///     @Observed var name = ""
    ///     @Observed var unread = 0
    ///     var hasUnread: Bool { unread > 0 }
    /// }
    /// ```
    ///
    /// Like any property of a non-`Sendable` class, an `@Observed` value is read and written in
    /// one isolation domain (an actor, a queue). Registering (`observe`, `addObserver`,
    /// bindings, sequences) belongs there too: it reads the property, and the first registration
    /// creates the property's registry in its storage. The observation machinery itself is
    /// thread-safe: tokens may be invalidated or dropped, and observers may deallocate, on any
    /// thread.
    ///
    /// The protocol refines `SendableMetatype` (Swift 6.2 and later): handlers are `@Sendable` and
    /// receive the object typed as `Self`, so generic code that observes any `KeyValueObservable`
    /// needs its metatype to cross isolation domains.
    public protocol KeyValueObservable: AnyObject, SendableMetatype {}
#else
    /// A class whose `@Observed` properties can be observed; see the Swift 6.2 declaration.
    public protocol KeyValueObservable: AnyObject {}
#endif
