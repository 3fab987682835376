/// The untyped change passed to a `KeyValueObserver`, as the change dictionary of KVO's
/// `observeValue(forKeyPath:of:change:context:)`.
///
/// The values read as `Any`; read them typed with `newValue(as:)` and `oldValue(as:)`. A change
/// delivered to a `KeyValueObserver` keeps each value as the property's type, shared by every
/// observer of the notification, and boxes it into `Any` only when `newValue` or `oldValue` is
/// read: an observer that reads the values typed, as the type it observed, boxes nothing. A new
/// value of at most 8 bytes holding no references (`Int`, `Double`, `Bool`, a small enum),
/// delivered alone (`.new` without `.old`), is kept in the change itself, so such a delivery
/// allocates nothing.
///
/// Not `Sendable`: an `Any` may hold a reference to a non-`Sendable` object, which no claim on
/// this type could make safe to share. A change is delivered synchronously on the setting thread;
/// to hand a value to another isolation domain, read it typed first and send that `Sendable`
/// value.
public struct KeyValueChange {
    // The stored fields, the references first, make four words: `kind` and `isPrior` share the
    // last.
    /// The values and the indexes, shared by the observers of a notification; `nil` when there
    /// are none.
    ///
    /// One reference, so that copying and destroying a change is one retain or release (with
    /// three, the client's destroy was an outlined generic function: c W2 about 180
    /// instructions per delivery, callgrind).
    @usableFromInline var values: ChangeValues?
    /// The new value, when it is a small trivial value (`InlineValue`) delivered to an observer
    /// entry; `values` then holds no new value.
    @usableFromInline var inlineNewValue: InlineValue?
    /// The kind of change.
    public var kind: KeyValueChangeKind
    /// The value after the change, when the registration asked for `.new`; `nil` in a prior
    /// notification.
    ///
    /// - Complexity: Reading it boxes the value as `Any` when the change keeps it typed.
    public var newValue: Any? {
        get {
            if let inlineNewValue { return inlineNewValue.boxed }
            return values?.boxedNewValue
        }
        set(value) {
            values = .make(newValue: value, oldBox: values?.oldBox, indexes: values?.indexes)
            inlineNewValue = nil
        }
    }
    /// The value before the change, when the registration asked for `.old`.
    ///
    /// - Complexity: Reading it boxes the value as `Any` when the change keeps it typed.
    public var oldValue: Any? {
        get { values?.oldBox?.boxedValue }
        set(value) {
            values = .make(newValue: newValue, oldBox: value.map(ValueBox.boxing), indexes: values?.indexes)
            inlineNewValue = nil
        }
    }
    /// The affected positions of a to-many change; `nil` for `.setting`.
    public var indexes: Set<Int>? {
        get { values?.indexes }
        set(value) {
            values = .make(newValue: newValue, oldBox: values?.oldBox, indexes: value)
            inlineNewValue = nil
        }
    }
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
        self.init(
            kind: kind,
            values: .make(newValue: newValue, oldBox: oldValue.map(ValueBox.boxing), indexes: indexes),
            isPrior: isPrior)
    }

    /// Creates the untyped form of a typed change, which keeps its values typed.
    ///
    /// - Parameter change: The typed change.
    @inlinable
    public init<Value>(_ change: KeyValueObservedChange<Value>) {
        self.init(
            kind: change.kind,
            values: .make(
                newValue: change.newValue, oldBox: change.oldValue.map(TypedValueBox.init),
                indexes: change.indexes),
            isPrior: change.isPrior)
    }

    /// A change holding `values`, and the new value inline when `inlineNewValue` is given.
    @inlinable
    init(
        kind: KeyValueChangeKind, values: ChangeValues?, inlineNewValue: InlineValue? = nil, isPrior: Bool
    ) {
        self.kind = kind
        self.values = values
        self.inlineNewValue = inlineNewValue
        self.isPrior = isPrior
    }

    /// The new value as `type`.
    ///
    /// - Parameter type: The type the observed key path produces.
    /// - Returns: The new value, or `nil` when it was not reported or is not a `type`.
    ///   For an optional property (`String?`) pass the optional type; a reported `nil` value
    ///   then reads as `.some(nil)`.
    /// - Complexity: A comparison of types when the change keeps the value as exactly `type`
    ///   (a delivered change, read as the observed type); else one dynamic cast from `Any`.
    @inlinable
    @inline(__always)
    public func newValue<Value>(as type: Value.Type) -> Value? {
        // Inlined into the caller's observer, so that reading an inline value of its own type
        // is a type comparison and a load (observe-bench c W1: a call otherwise).
        if let inlineNewValue, inlineNewValue.type == Value.self {
            return inlineNewValue.value(as: Value.self)
        }
        return newValueOutOfLine(as: Value.self)
    }

    /// `newValue(as:)` but for an inline value of exactly `type`.
    @inlinable
    @inline(never)
    func newValueOutOfLine<Value>(as type: Value.Type) -> Value? {
        if let inlineNewValue { return inlineNewValue.value(as: Value.self) }
        return values?.newValue(as: Value.self)
    }

    /// The old value as `type`.
    ///
    /// - Parameter type: The type the observed key path produces.
    /// - Returns: The old value, or `nil` when it was not reported or is not a `type`.
    /// - Complexity: As for `newValue(as:)`.
    @inlinable
    public func oldValue<Value>(as type: Value.Type) -> Value? {
        guard let box = values?.oldBox else { return nil }
        return box.value(as: Value.self)
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
