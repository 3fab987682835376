/// A new value of at most 8 bytes with no references (`Int`, `Double`, `Bool`, a small enum),
/// kept in a `KeyValueChange` itself, so that delivering it to an observer makes, retains and
/// frees no object.
///
/// `bits` holds the value's bytes and `type` its type; a typed read of that type loads the bytes
/// back. Which values qualify is decided by the type alone (`holds(_:)`), folded away where the
/// delivery loop is specialized. Immutable.
@usableFromInline
struct InlineValue {
    /// The type of the value whose bytes `bits` holds.
    @usableFromInline let type: Any.Type
    /// The value's bytes, from the lowest address; the rest is zero.
    @usableFromInline let bits: UInt64

    /// Whether a value of `type` fits: trivial (no references, bitwise copyable, so its
    /// bytes are the value) and no larger nor more aligned than `bits`.
    @inlinable
    static func holds<Value>(_ type: Value.Type) -> Bool {
        _isPOD(Value.self) && MemoryLayout<Value>.size <= MemoryLayout<UInt64>.size
            && MemoryLayout<Value>.alignment <= MemoryLayout<UInt64>.alignment
    }

    /// The bytes of `value`; only for a type that `holds(_:)` accepts (checked in debug builds).
    @inlinable
    init<Value>(_ value: Value) {
        assert(InlineValue.holds(Value.self), "\(Value.self) does not fit in an inline value")
        var bits: UInt64 = 0
        // A trivial value: storing its bytes copies it (`holds(_:)`).
        withUnsafeMutableBytes(of: &bits) { $0.storeBytes(of: value, as: Value.self) }
        self.type = Value.self
        self.bits = bits
    }

    /// The value as `type`: loaded from the bytes when it is exactly `type`, else cast from
    /// `Any`; `nil` when it is not a `type`.
    @inlinable
    func value<Value>(as type: Value.Type) -> Value? {
        guard self.type == Value.self else { return KeyValueChange.cast(boxed, to: Value.self) }
        // `Value` is the type whose bytes `init` stored, aligned within `bits` (`holds(_:)`).
        return withUnsafeBytes(of: bits) { $0.load(as: Value.self) }
    }

    /// The value boxed as `Any`.
    @usableFromInline
    var boxed: Any {
        func load<Stored>(_ stored: Stored.Type) -> Any {
            withUnsafeBytes(of: bits) { $0.load(as: Stored.self) }
        }
        return _openExistential(type, do: load)
    }
}
