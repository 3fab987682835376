import Synchronization

/// One delegate of a `MulticastDelegate`: an unowned reference to it (`UnownedObject`), its
/// place in the list and, when the delegate is a class instance, an unowned copy of the value it was
/// added as.
///
/// Not generic, on purpose: `MulticastDelegate`'s non-inlinable methods run unspecialized, and
/// every generic type they touch (a slot nested in the generic class, a `WeakBox<Delegate>`, a
/// list or dictionary of those) had its metadata looked up in the runtime's cache on each call.
@usableFromInline
final class DelegateSlot: Slotted {
    /// The delegate, not retained: its memory is kept while the slot lives, and a call retains it
    /// only while it is alive, with no weak reference, so that the delegate gets no side table
    /// (through which every load, retain and release of it would go: about 150 instructions a
    /// delivered call, callgrind, observe-bench e2 W2).
    @usableFromInline let held: UnownedObject
    /// The delegate's identity: its address, which the slot keeps from reuse where it holds the
    /// memory (`UnownedObject`); on Apple platforms, where it holds the delegate weakly, a dead
    /// delegate's address may be reused, and every match also tests that the slot is alive.
    @usableFromInline var identity: ObjectIdentifier { held.identifier }
    /// Set under the list's lock when the slot leaves the list; read without it by an
    /// invocation walking a snapshot, so that a removed delegate is called no more.
    @usableFromInline let isRemoved = Atomic<Bool>(false)
    /// The index in the list; guarded by the list's lock.
    @usableFromInline var slot = 0
    /// The bytes of the `Delegate` value the delegate was added as, copied without retaining
    /// it, or `nil` when that value is not a bare class reference.
    ///
    /// Unsafe: the bytes are an unowned copy. `init` stores them only when the value's dynamic
    /// type is a class and its first word is the object itself, so that the value is that one
    /// reference plus type information the runtime does not count (a class, or an existential
    /// holding a class instance: its metadata and witness tables). Only `delegate()` makes a
    /// `Delegate` of them, with the strong reference that `held.retainIfAlive()` takes as the
    /// first word, which the value then owns. `deinit` deallocates them without deinitializing: they
    /// own nothing.
    ///
    /// They spare each delivered call the cast from `AnyObject` back to `Delegate`, which finds
    /// the conformance again: about 1,000 instructions a call when `Delegate` is a protocol.
    @usableFromInline let delegateBytes: UnsafeMutableRawPointer?

    /// A slot for `delegate`.
    @inlinable
    convenience init<Delegate>(_ delegate: Delegate) {
        guard let bare = Self.bareObject(of: delegate) else {
            self.init(object: delegate as AnyObject, bytes: nil)
            return
        }
        let storage = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Delegate>.size, alignment: MemoryLayout<Delegate>.alignment)
        withUnsafeBytes(of: delegate) { bytes in
            guard let base = bytes.baseAddress else { return }
            storage.copyMemory(from: base, byteCount: bytes.count)
        }
        self.init(object: bare.takeUnretainedValue(), bytes: storage)
    }

    /// A slot for `object`, with the bytes of the value it was added as, if kept; not inlinable,
    /// as `UnownedObject` is made and destroyed only in this module.
    @usableFromInline
    init(object: AnyObject, bytes: UnsafeMutableRawPointer?) {
        held = UnownedObject(object)
        delegateBytes = bytes
    }

    /// The object of `delegate`, unretained, when the value is a bare class reference: its
    /// dynamic type is a class and its first word an instance of that class (a class, or an
    /// existential holding a class instance; not an `any Error`, whose first word is a box);
    /// `nil` otherwise, for the cast `as AnyObject`, which costs about 450 instructions.
    ///
    /// Unsafe: the first word is read as an object only once the dynamic type is a class, when
    /// every layout of a value holds an object there.
    @inlinable
    static func bareObject<Delegate>(of delegate: Delegate) -> Unmanaged<AnyObject>? {
        let dynamicType = type(of: delegate as Any)  // `type(of: delegate)` is `Delegate` itself
        guard dynamicType is AnyClass, MemoryLayout<Delegate>.size >= MemoryLayout<AnyObject>.size else {
            return nil
        }
        let first = withUnsafeBytes(of: delegate) { $0.loadUnaligned(as: Unmanaged<AnyObject>.self) }
        let firstType = first._withUnsafeGuaranteedRef { ObjectIdentifier(type(of: $0)) }
        return firstType == ObjectIdentifier(dynamicType) ? first : nil
    }

    deinit {
        delegateBytes?.deallocate()
    }

    /// Whether the slot still refers to `other`, a live object.
    func refers(to other: AnyObject) -> Bool {
        identity == ObjectIdentifier(other) && held.isAlive
    }

    /// Whether the delegate is alive; takes no reference.
    var isAlive: Bool { held.isAlive }

    /// The delegate, from `delegateBytes`; `nil` when the slot keeps no bytes or once the
    /// delegate has deallocated.
    ///
    /// Made by `held.retainedValue(of:madeOf:)`: one retain and, when the caller drops the value,
    /// one release.
    @inlinable
    func delegate<Delegate>() -> Delegate? {
        guard let bytes = delegateBytes else { return nil }
        return held.retainedValue(of: Delegate.self, madeOf: bytes)
    }

    /// Calls `body` with `object` cast back to `Delegate`, for a slot that does not hold its
    /// delegate's bytes; out of line, so that an invocation that never takes this path does
    /// not look up `Delegate?`'s metadata (about 400 instructions a call, unspecialized).
    @usableFromInline @inline(never)
    static func call<Delegate>(_ body: (Delegate) throws -> Void, with object: AnyObject) rethrows {
        // Cannot fail for an object added as a `Delegate`.
        if let delegate = object as? Delegate { try body(delegate) }
    }
}
