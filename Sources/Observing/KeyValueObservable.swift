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
        /// Reports a read to Swift's Observation module; an implementation detail with a
        /// default, not to implement.
        static func _reportAccess<Subject: KeyValueObservable, Member>(
            _ object: Subject, keyPath: KeyPath<Subject, Member>, to registrar: ObservationRegistrar)
        /// Reports a store to Swift's Observation module; an implementation detail with a
        /// default, not to implement.
        static func _reportMutation<Subject: KeyValueObservable, Member>(
            _ object: Subject, keyPath: KeyPath<Subject, Member>, isStored: Bool,
            to registrar: ObservationRegistrar)
    }
#else
    /// A class whose `@Observed` properties can be observed; see the Swift 6.2 declaration.
    public protocol KeyValueObservable: AnyObject {
        /// See the Swift 6.2 declaration.
        static var _reportsToObservation: Bool { get }
        /// See the Swift 6.2 declaration.
        static func _reportAccess<Subject: KeyValueObservable, Member>(
            _ object: Subject, keyPath: KeyPath<Subject, Member>, to registrar: ObservationRegistrar)
        /// See the Swift 6.2 declaration.
        static func _reportMutation<Subject: KeyValueObservable, Member>(
            _ object: Subject, keyPath: KeyPath<Subject, Member>, isStored: Bool,
            to registrar: ObservationRegistrar)
    }
#endif
