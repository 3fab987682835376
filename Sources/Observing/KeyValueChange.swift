/// The untyped change passed to a `KeyValueObserver`, as the change dictionary of KVO's
/// `observeValue(forKeyPath:of:change:context:)`.
///
/// The values are boxed as `Any`; read them typed with `newValue(as:)` and `oldValue(as:)`.
///
/// Not `Sendable`: an `Any` may hold a reference to a non-`Sendable` object, which no claim on
/// this type could make safe to share. A change is delivered synchronously on the setting thread;
/// to hand a value to another isolation domain, read it typed first and send that `Sendable`
/// value.
public struct KeyValueChange {
    /// The kind of change.
    public var kind: KeyValueChangeKind
    /// The value after the change, when the registration asked for `.new`; `nil` in a prior
    /// notification.
    public var newValue: Any?
    /// The value before the change, when the registration asked for `.old`.
    public var oldValue: Any?
    /// The affected positions of a to-many change; `nil` for `.setting`.
    public var indexes: Set<Int>?
    /// Whether this is the notification sent before the store.
    public var isPrior: Bool

    /// Creates an untyped change.
    ///
    /// - Parameters:
    ///   - kind: The kind of change.
    ///   - newValue: The value after the change, if reported.
    ///   - oldValue: The value before the change, if reported.
    ///   - indexes: The positions of a to-many change.
    ///   - isPrior: Whether the change is reported before the store.
    @inlinable
    public init(
        kind: KeyValueChangeKind = .setting, newValue: Any? = nil, oldValue: Any? = nil,
        indexes: Set<Int>? = nil, isPrior: Bool = false
    ) {
        self.kind = kind
        self.newValue = newValue
        self.oldValue = oldValue
        self.indexes = indexes
        self.isPrior = isPrior
    }

    /// Creates the untyped form of a typed change.
    ///
    /// - Parameter change: The typed change.
    @inlinable
    public init<Value>(_ change: KeyValueObservedChange<Value>) {
        self.init(
            kind: change.kind, newValue: change.newValue.map { $0 }, oldValue: change.oldValue.map { $0 },
            indexes: change.indexes, isPrior: change.isPrior)
    }

    /// The new value as `type`.
    ///
    /// - Parameter type: The type the observed key path produces.
    /// - Returns: The new value, or `nil` when it was not reported or is not a `type`.
    ///   For an optional property (`String?`) pass the optional type; a reported `nil` value
    ///   then reads as `.some(nil)`.
    /// - Complexity: One dynamic cast from `Any`.
    @inlinable
    public func newValue<Value>(as type: Value.Type) -> Value? {
        guard let newValue else { return nil }
        return Self.cast(newValue, to: Value.self)
    }

    /// The old value as `type`.
    ///
    /// - Parameter type: The type the observed key path produces.
    /// - Returns: The old value, or `nil` when it was not reported or is not a `type`.
    /// - Complexity: One dynamic cast from `Any`.
    @inlinable
    public func oldValue<Value>(as type: Value.Type) -> Value? {
        guard let oldValue else { return nil }
        return Self.cast(oldValue, to: Value.self)
    }

    /// `value` as a `Value`: a check of the dynamic type when it is exactly `Value` (the
    /// common case, a change read as the type it was observed with), else a dynamic cast.
    @inlinable
    static func cast<Value>(_ value: Any, to type: Value.Type) -> Value? {
        func exactly<Boxed>(_ boxed: Boxed) -> Value? {
            // The metatypes are equal, so `Boxed` is `Value`: the cast changes only the
            // static type.
            Boxed.self == Value.self ? unsafeBitCast(boxed, to: Value.self) : nil
        }
        return exactly(value) ?? (value as? Value)
    }
}
