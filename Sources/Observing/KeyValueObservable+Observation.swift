import Observation

// Swift Observation interoperability.
//
// A class that conforms to both `KeyValueObservable` and Observation's `Observable` has its
// `@Observed` properties tracked by `withObservationTracking`, `Observations` and SwiftUI: the
// property wrapper reports each read and each store to an `ObservationRegistrar` (one per
// property, kept by the property's registry). The hooks are protocol requirements whose
// default does nothing and whose `Observable` override does the work, so that in a class's
// accessors, specialized in the class's module, the choice folds to a constant: a class that
// is not `Observable` pays nothing.

extension KeyValueObservable {
    /// Whether this class's `@Observed` properties report to Swift's Observation module.
    ///
    /// `false` unless the class conforms to `Observable`. An implementation detail of
    /// `@Observed`: do not implement it.
    @inlinable
    public static var _reportsToObservation: Bool { false }

    /// Reports a read of `keyPath` to `registrar`.
    ///
    /// Does nothing unless the class conforms to `Observable`. An implementation detail of
    /// `@Observed`: do not implement or call it.
    ///
    /// - Parameters:
    ///   - object: The object read (a `Self`).
    ///   - keyPath: The property read.
    ///   - registrar: The property's registrar.
    @inlinable
    public static func _reportAccess<Subject: KeyValueObservable, Member>(
        _ object: Subject, keyPath: KeyPath<Subject, Member>, to registrar: ObservationRegistrar
    ) {}

    /// Reports that `keyPath` is about to be stored (`isStored == false`) or was stored.
    ///
    /// Does nothing unless the class conforms to `Observable`. An implementation detail of
    /// `@Observed`: do not implement or call it.
    ///
    /// - Parameters:
    ///   - object: The object written.
    ///   - keyPath: The property written.
    ///   - isStored: `false` before the store, `true` after it.
    ///   - registrar: The property's registrar.
    @inlinable
    public static func _reportMutation<Subject: KeyValueObservable, Member>(
        _ object: Subject, keyPath: KeyPath<Subject, Member>, isStored: Bool,
        to registrar: ObservationRegistrar
    ) {}
}

extension KeyValueObservable where Self: Observable {
    /// `true`: this class's `@Observed` properties report to Swift's Observation module.
    @inlinable
    public static var _reportsToObservation: Bool { true }

    /// Reports a read of `keyPath` to `registrar`, as an `@Observable` class's accessor does
    /// (`ObservationRegistrar.access(_:keyPath:)`).
    ///
    /// - Parameters:
    ///   - object: The object read (a `Self`).
    ///   - keyPath: The property read.
    ///   - registrar: The property's registrar.
    @inlinable
    public static func _reportAccess<Subject: KeyValueObservable, Member>(
        _ object: Subject, keyPath: KeyPath<Subject, Member>, to registrar: ObservationRegistrar
    ) {
        let (object, keyPath) = asSelf(object, keyPath)
        registrar.access(object, keyPath: keyPath)
    }

    /// Reports a store of `keyPath` to `registrar`, as an `@Observable` class's setter does
    /// (`ObservationRegistrar.willSet(_:keyPath:)` and `didSet(_:keyPath:)`).
    ///
    /// - Parameters:
    ///   - object: The object written.
    ///   - keyPath: The property written.
    ///   - isStored: `false` before the store, `true` after it.
    ///   - registrar: The property's registrar.
    @inlinable
    public static func _reportMutation<Subject: KeyValueObservable, Member>(
        _ object: Subject, keyPath: KeyPath<Subject, Member>, isStored: Bool,
        to registrar: ObservationRegistrar
    ) {
        let (object, keyPath) = asSelf(object, keyPath)
        if isStored {
            registrar.didSet(object, keyPath: keyPath)
        } else {
            registrar.willSet(object, keyPath: keyPath)
        }
    }

    /// `object` and `keyPath` typed with `Self`, which `Subject` is: `@Observed` calls the hooks
    /// as `EnclosingSelf._report...(object, keyPath: wrappedKeyPath, ...)`, where the object is
    /// an `EnclosingSelf` and the key path is rooted there (checked in the internal-checks
    /// build), so both casts change only the static type.
    @inlinable
    @inline(__always)
    static func asSelf<Subject: KeyValueObservable, Member>(
        _ object: Subject, _ keyPath: KeyPath<Subject, Member>
    )
        -> (Self, KeyPath<Self, Member>)
    {
        #if OBSERVING_INTERNAL_CHECKS
            precondition(
                Subject.self == Self.self, "Observation hook of \(Self.self) called for \(Subject.self)")
        #endif
        return (
            unsafeDowncast(object, to: Self.self), unsafeDowncast(keyPath, to: KeyPath<Self, Member>.self)
        )
    }
}
