import Synchronization

/// One registration in one property registry: the part that does not depend on the value type.
///
/// Registration bookkeeping (the list, removal, counting, matching) works on this class alone,
/// so it runs without generic metadata; only delivery needs the typed `RegistryEntry`.
@usableFromInline
class EntryBase: Slotted, @unchecked Sendable {
    // Sendable: immutable but `slotIndex` (the registry's lock guards it) and the atomic flag.
    /// What few registrations need, kept out of line so that a plain block observation's entry
    /// stays small (observe-bench W5): an observer's identity for removal, the owner that
    /// spans several registries, and an anchor whose lifetime bounds the registration.
    @usableFromInline
    final class Extras: @unchecked Sendable {
        // Sendable: `identity` is written once before the entry is shared; the anchor is weak.
        /// Set before the entry is registered.
        var identity: ObserverIdentity?
        let owner: (any RegistrationOwner)?
        weak var anchor: AnyObject?
        let isAnchored: Bool

        @usableFromInline
        init(identity: ObserverIdentity?, owner: (any RegistrationOwner)?, anchor: AnyObject?) {
            self.identity = identity
            self.owner = owner
            self.anchor = anchor
            self.isAnchored = anchor != nil
        }
    }

    // Field order keeps the object small (observe-bench W5): the 4- and 1-byte fields pack
    // after the 8-byte ones, and a subclass's callback follows at offset 40.
    @usableFromInline let options: KeyValueObservingOptions
    @usableFromInline let extras: Extras?
    /// Position in the registry's entry list; guarded by the registry's lock.
    ///
    /// 32 bits: a list never holds 2^31 entries (each is an object of 56 bytes or more).
    @usableFromInline var slotIndex: Int32 = 0
    /// Whether a token owns this entry; such an entry leaves its registry only through the token.
    @usableFromInline let isOwnedByToken: Bool
    @usableFromInline let activeFlag = Atomic<Bool>(true)

    /// Position in the registry's entry list; guarded by the registry's lock.
    @usableFromInline var slot: Int {
        get { Int(slotIndex) }
        set { slotIndex = Int32(truncatingIfNeeded: newValue) }
    }

    @usableFromInline
    init(
        options: KeyValueObservingOptions, identity: ObserverIdentity?, owner: (any RegistrationOwner)?,
        isOwnedByToken: Bool, anchor: AnyObject?
    ) {
        self.options = options
        self.isOwnedByToken = isOwnedByToken
        if identity != nil || owner != nil || anchor != nil {
            self.extras = Extras(identity: identity, owner: owner, anchor: anchor)
        } else {
            self.extras = nil
        }
    }

    /// Sets the observer-protocol identity, before the entry is registered.
    @usableFromInline
    func setIdentity(_ identity: ObserverIdentity) {
        extras?.identity = identity
    }

    /// Present only for observer-protocol registrations.
    var identity: ObserverIdentity? { extras?.identity }
    /// The registration that spans several entries (a derived observation), if any.
    var owner: (any RegistrationOwner)? { extras?.owner }
    /// The object whose lifetime bounds the registration, while it is alive.
    var anchor: AnyObject? { extras?.anchor }

    @inlinable
    var isActive: Bool { activeFlag.load(ordering: .acquiring) }

    /// Active and, when anchored, with its anchor still alive.
    var isLive: Bool {
        guard isActive else { return false }
        guard let extras else { return true }
        if let owner = extras.owner, !owner.isAlive { return false }
        return !extras.isAnchored || extras.anchor != nil
    }

    func deactivate() {
        activeFlag.store(false, ordering: .releasing)
    }

    /// The identity of the registration this entry is part of (its owner, or itself).
    var registrationID: ObjectIdentifier {
        if let owner { return ObjectIdentifier(owner) }
        return ObjectIdentifier(self)
    }
}

/// One registration in one `PropertyRegistry`, with the callback that receives its changes.
///
/// The callback is immutable, so a notification in flight may call it without a lock; it is
/// released when the entry is, which happens as soon as the registry drops it (unless a
/// notification on another thread still iterates a snapshot that holds it).
@usableFromInline
final class RegistryEntry<Value>: EntryBase, @unchecked Sendable {
    // Sendable: every stored property is immutable (the base's mutable slot is guarded by the
    // registry's lock).

    /// Receives every change, unfiltered, and applies the registration's options itself;
    /// returns `false` when the entry's anchor is gone and it should be pruned.
    @usableFromInline
    typealias Callback = (_ object: AnyObject, _ change: KeyValueObservedChange<Value>) -> Bool

    @usableFromInline let callback: Callback

    @inlinable
    init(
        options: KeyValueObservingOptions, identity: ObserverIdentity? = nil,
        owner: (any RegistrationOwner)? = nil, isOwnedByToken: Bool, anchor: AnyObject? = nil,
        callback: @escaping Callback
    ) {
        self.callback = callback
        super.init(
            options: options, identity: identity, owner: owner, isOwnedByToken: isOwnedByToken, anchor: anchor
        )
    }
}
