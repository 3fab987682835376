internal import ObservingRuntime

/// A reference to an object that keeps its memory, not the object: an unowned reference count,
/// as Swift's `unowned`, with a strong reference taken only while the object is alive
/// (`retainIfAlive()`), owned by a value the caller makes of it.
///
/// An observer entry holds its observer this way instead of weakly (`ObserverEntry`): a weak
/// reference gives the observer a side table, through which every load and every retain and
/// release of it then goes (about 150 instructions per delivery, callgrind, observe-bench c W2);
/// here a delivery costs one compare-and-swap on the object's inline count and one release.
/// The object's memory (not its state: its `deinit` runs as usual) stays until the reference is
/// destroyed, with its entry.
///
/// Not copyable: the unowned count is given back exactly once, by `deinit`.
///
/// Where the runtime has Objective-C interoperability (Apple platforms), an object may be an
/// Objective-C one (an `NSObject` subclass), whose counts the Swift runtime's native entry points
/// do not keep: there the reference is weak, with the same operations.
@usableFromInline
struct UnownedObject: ~Copyable {
    /// The object's address; the memory is valid while this reference lives (the unowned count).
    @usableFromInline let address: UnsafeMutableRawPointer
    #if _runtime(_ObjC)
        /// The object, weakly (see the type's comment).
        private weak var weakObject: AnyObject?
    #endif

    /// Takes an unowned reference to `object`.
    @usableFromInline
    init(_ object: AnyObject) {
        address = Unmanaged.passUnretained(object).toOpaque()
        #if _runtime(_ObjC)
            weakObject = object
        #else
            observing_unownedRetain(address)
        #endif
    }

    deinit {
        #if !_runtime(_ObjC)
            observing_unownedRelease(address)
        #endif
    }

    /// Takes a strong reference to the object unless its `deinit` has begun; the caller owns it,
    /// and gives it to a value made of `address` (which releases it when destroyed).
    ///
    /// - Returns: Whether the object is alive and now retained.
    @usableFromInline
    func retainIfAlive() -> Bool {
        #if _runtime(_ObjC)
            guard let object = weakObject else { return false }
            _ = Unmanaged.passRetained(object)
            return true
        #else
            return observing_tryRetain(address)
        #endif
    }

    /// A `Value` made of `bytes`, a bitwise copy of a value that holds this object in its first
    /// word (a class reference, or an existential of a class instance: its witness tables and
    /// metadata are not counted), owning a strong reference to the object; `nil` once the
    /// object's `deinit` has begun.
    ///
    /// The strong reference `retainIfAlive()` takes becomes the value's: one retain and, when
    /// the caller drops the value, one release. A copy of a stored value instead (an `unowned`
    /// field, or a weak load and a copy of the bytes) costs a second retain and release per
    /// call (observe-bench c W2 and e2 W2).
    @inlinable
    func retainedValue<Value>(of type: Value.Type, madeOf bytes: UnsafeRawPointer) -> Value? {
        guard retainIfAlive() else { return nil }
        return withUnsafeTemporaryAllocation(of: Value.self, capacity: 1) { scratch in
            let value = scratch.baseAddress.unsafelyUnwrapped
            // The scratch memory stays bound to `Value`: it receives the bytes of a whole value,
            // whose first word is set to the object's address, the reference just taken, which
            // the value then owns; it is moved out once.
            let raw = UnsafeMutableRawPointer(value)
            raw.copyMemory(from: bytes, byteCount: MemoryLayout<Value>.size)
            raw.storeBytes(of: address, as: UnsafeMutableRawPointer.self)
            return value.move()
        }
    }

    /// Whether the object's `deinit` has not begun; takes no reference, but on Apple platforms,
    /// where it loads the weak reference, whose strong reference may be the last one (so that
    /// the object's `deinit` runs in this call).
    var isAlive: Bool {
        #if _runtime(_ObjC)
            return weakObject != nil
        #else
            return !observing_isDeallocating(address)
        #endif
    }

    /// The object, strongly, while it is alive.
    @usableFromInline
    var object: AnyObject? {
        guard retainIfAlive() else { return nil }
        return Unmanaged<AnyObject>.fromOpaque(address).takeRetainedValue()
    }

    /// The object's identifier, read without a reference count operation or a read of its
    /// memory, also after its `deinit`.
    var identifier: ObjectIdentifier {
        Unmanaged<AnyObject>.fromOpaque(address)._withUnsafeGuaranteedRef { ObjectIdentifier($0) }
    }
}
