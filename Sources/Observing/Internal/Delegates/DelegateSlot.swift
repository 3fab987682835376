import Synchronization

/// One delegate of a `MulticastDelegate`: a weak reference to it, its identity, its place in
/// the list and, when the delegate is a class instance, an unowned copy of the value it was
/// added as.
///
/// Not generic, on purpose: `MulticastDelegate`'s methods run unspecialized when called from
/// another module, and every generic type they touch (a slot nested in the generic class, a
/// `WeakBox<Delegate>`, a list or dictionary of those) had its metadata looked up in the
/// runtime's cache on each call, about 1,100 instructions of an invocation's 3,500.
final class DelegateSlot: Slotted {
    /// The delegate, once the list's only reference to it; set only by `init`.
    private(set) weak var object: AnyObject?
    /// The delegate's identity while it lived (a dead delegate's identity may be reused).
    let identity: ObjectIdentifier
    /// Set under the list's lock when the slot leaves the list; read without it by an
    /// invocation walking a snapshot, so that a removed delegate is called no more.
    let isRemoved = Atomic<Bool>(false)
    /// The index in the list; guarded by the list's lock.
    var slot = 0
    /// The bytes of the `Delegate` value the delegate was added as, copied without retaining
    /// it, or `nil` when that value is not a bare class reference.
    ///
    /// Unsafe: the bytes are an unowned copy. `init` stores them only when the value's dynamic
    /// type is a class and its first word is the object itself, so that the value is that one
    /// reference plus type information the runtime does not count (a class, or an existential
    /// holding a class instance: its metadata and witness tables). Whoever loads them as
    /// `Delegate` (a copy, which retains) must hold `object` strongly across the load, so that
    /// the instance is alive. `deinit` deallocates them without deinitializing: they own
    /// nothing.
    ///
    /// They spare each delivered call the cast from `AnyObject` back to `Delegate`, which finds
    /// the conformance again: about 1,000 instructions a call when `Delegate` is a protocol.
    /// (Kept inline in the slot as a tuple of words instead, they cost a delivered call about
    /// 70 instructions more: the load then runs through an unspecialized closure.)
    let delegateBytes: UnsafeMutableRawPointer?

    /// A slot for `delegate`, whose object (`delegate as AnyObject`) is `object`.
    init<Delegate>(_ delegate: Delegate, object: AnyObject) {
        self.object = object
        identity = ObjectIdentifier(object)
        let isBareReference =
            type(of: delegate as Any) is AnyClass
            && withUnsafeBytes(of: delegate) { bytes in
                bytes.count >= MemoryLayout<UInt>.size
                    && bytes.loadUnaligned(as: UInt.self) == UInt(bitPattern: ObjectIdentifier(object))
            }
        guard isBareReference else {
            delegateBytes = nil
            return
        }
        let storage = UnsafeMutableRawPointer.allocate(
            byteCount: MemoryLayout<Delegate>.size, alignment: MemoryLayout<Delegate>.alignment)
        withUnsafeBytes(of: delegate) { bytes in
            guard let base = bytes.baseAddress else { return }
            storage.copyMemory(from: base, byteCount: bytes.count)
        }
        delegateBytes = storage
    }

    deinit {
        delegateBytes?.deallocate()
    }

    /// Whether the slot still refers to `other`, a live object.
    func refers(to other: AnyObject) -> Bool {
        object === other
    }

    /// Calls `body` with `object` cast back to `Delegate`, for a slot that does not hold its
    /// delegate's bytes; out of line, so that an invocation that never takes this path does
    /// not look up `Delegate?`'s metadata (about 400 instructions a call, unspecialized).
    @inline(never)
    static func call<Delegate>(_ body: (Delegate) throws -> Void, with object: AnyObject) rethrows {
        // Cannot fail for an object added as a `Delegate`.
        if let delegate = object as? Delegate { try body(delegate) }
    }
}
