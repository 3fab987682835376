/// A change of one observable property of an object, as a whole-object observation reports
/// it: which property, and how it changed.
///
/// The element of the object's `changes()` sequence. It carries no values, which are of any
/// type and may not be `Sendable`; the synchronous `observeChanges(changeHandler:)` passes
/// them in a ``KeyValueChange``.
public struct KeyValueObjectChange: @unchecked Sendable, Equatable {
    // Unchecked: `AnyKeyPath` is not `Sendable`, but a key path is an immutable object. An
    // `@Observed` property's key path captures nothing; a key path notified by hand may hold
    // subscript arguments (`Hashable` values it copied when formed), which a consumer on
    // another thread reads only through `==` and hashing.
    /// The key path of the property that changed: for an `@Observed` property, rooted at the
    /// class that declares it (`\Base.title` for one a superclass declares); for a key path
    /// notified by hand, as given to `didChangeValue(for:)`.
    public var keyPath: AnyKeyPath
    /// How it changed, as KVO's `NSKeyValueChange`.
    public var kind: KeyValueChangeKind
    /// The positions an element-level change of an array affected; `nil` otherwise.
    public var indexes: Set<Int>?

    /// Creates a change.
    ///
    /// - Parameters:
    ///   - keyPath: The key path of the property that changed.
    ///   - kind: How it changed.
    ///   - indexes: The positions affected, for an element-level change of an array.
    public init(keyPath: AnyKeyPath, kind: KeyValueChangeKind = .setting, indexes: Set<Int>? = nil) {
        self.keyPath = keyPath
        self.kind = kind
        self.indexes = indexes
    }
}
