import Observation

#if compiler(>=6.2)
    /// A class whose `@Observed` properties, and the computed properties and key-path chains that
    /// read them, can be observed with `observe(_:options:changeHandler:)` and
    /// `addObserver(_:forKeyPath:options:context:)`.
    ///
    /// Conforming needs no code: the requirements are implementation details of `@Observed`
    /// with default implementations.
    ///
    /// A class that also conforms to Swift's `Observable` (without the `@Observable` macro)
    /// serves Observation-based code too: `withObservationTracking`, `Observations` and SwiftUI
    /// track its `@Observed` properties, and the computed properties that read them, while
    /// KVO-style observers keep working on the same properties. A class that does not conform
    /// pays nothing for this. A subclass that adds `Observable` to a superclass that lacks it
    /// does not report: the conformance to this protocol, and so the choice, is the
    /// superclass's.
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
    public protocol KeyValueObservable: AnyObject, SendableMetatype {
        /// Whether `@Observed` properties report to Swift's Observation module (the class
        /// conforms to `Observable`); an implementation detail with a default, not to implement.
        static var _reportsToObservation: Bool { get }
        /// Whether a set of an `@Observed` property that has no registry yet creates one while
        /// the object is observed whole (the class conforms to `WholeObjectObservable`); an
        /// implementation detail with a default, not to implement.
        static var _notifiesWholeObjectObservers: Bool { get }
        /// Reports a read to Swift's Observation module; an implementation detail with a
        /// default, not to implement.
        static func _reportAccess<Subject: KeyValueObservable, Member>(
            _ object: Subject, keyPath: KeyPath<Subject, Member>, to registrar: ObservationRegistrar)
        /// Reports a store to Swift's Observation module; an implementation detail with a
        /// default, not to implement.
        static func _reportMutation<Subject: KeyValueObservable, Member>(
            _ object: Subject, keyPath: KeyPath<Subject, Member>, isStored: Bool,
            to registrar: ObservationRegistrar)
        /// Whether observers of `keyPath` are notified without help from the class, as KVO's
        /// `automaticallyNotifiesObservers(forKey:)`; `true` by default.
        ///
        /// Return `false` for the key paths the class notifies by hand, with
        /// `willChangeValue(for:)` and `didChangeValue(for:)`: a registration on such a key
        /// path that reads no `@Observed` property is then expected, and the debug build's
        /// diagnostic for it (a forgotten `@Observed`) is not printed. It changes nothing
        /// else: a property notified by hand should not be `@Observed`.
        ///
        /// - Parameter keyPath: A key path of this class.
        /// - Returns: `false` if the class notifies `keyPath`'s observers itself.
        static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool
        /// The key paths whose changes also change the value at `keyPath`, as KVO's
        /// `keyPathsForValuesAffectingValue(forKey:)`; none by default.
        ///
        /// An observation of a computed `keyPath` also observes these key paths, in addition
        /// to the `@Observed` properties its getter reads. What the getter reads is learned at
        /// every evaluation, the branch it takes included, so a short-circuiting getter
        /// (`flag || count > 0`) needs no declaration: a dependency it skips cannot change the
        /// value until the branch changes, and then it is read. Declare what the getter reads
        /// through storage that is not `@Observed` (a value notified by hand with
        /// `willChangeValue(for:)` and `didChangeValue(for:)`). Dependencies are transitive, as in
        /// KVO: the key paths declared for a declared key path count too (a cycle ends).
        /// Called when such an observation is registered, by `observerCount(for:)` and the
        /// removal methods, and by each manual change of the key path; not consulted for a key
        /// path that names an `@Observed` property itself. Compare key paths formed on this
        /// class: `\Sub.value` and `\Base.value` are different key paths.
        ///
        /// - Parameter keyPath: A key path of this class.
        /// - Returns: Key paths rooted at this class (`\Self.count`).
        static func keyPathsForValuesAffectingValue(for keyPath: AnyKeyPath) -> [AnyKeyPath]
    }
#else
    /// A class whose `@Observed` properties can be observed; see the Swift 6.2 declaration.
    public protocol KeyValueObservable: AnyObject {
        /// See the Swift 6.2 declaration.
        static var _reportsToObservation: Bool { get }
        /// See the Swift 6.2 declaration.
        static var _notifiesWholeObjectObservers: Bool { get }
        /// See the Swift 6.2 declaration.
        static func _reportAccess<Subject: KeyValueObservable, Member>(
            _ object: Subject, keyPath: KeyPath<Subject, Member>, to registrar: ObservationRegistrar)
        /// See the Swift 6.2 declaration.
        static func _reportMutation<Subject: KeyValueObservable, Member>(
            _ object: Subject, keyPath: KeyPath<Subject, Member>, isStored: Bool,
            to registrar: ObservationRegistrar)
        /// See the Swift 6.2 declaration.
        static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool
        /// See the Swift 6.2 declaration.
        static func keyPathsForValuesAffectingValue(for keyPath: AnyKeyPath) -> [AnyKeyPath]
    }
#endif
