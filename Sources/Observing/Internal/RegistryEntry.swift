import Synchronization

/// One registration in one property registry: the part that does not depend on the value type.
///
/// Registration bookkeeping (the list, removal, counting, matching) works on this class alone,
/// so it runs without generic metadata; only delivery needs the typed `RegistryEntry`.
@usableFromInline
class EntryBase: Slotted, @unchecked Sendable {
    @usableFromInline let options: KeyValueObservingOptions
    /// Present only for observer-protocol registrations; set before the entry is registered.
    var identity: ObserverIdentity?
    /// The registration that spans several entries (a derived observation), if any.
    let owner: (any RegistrationOwner)?
    /// Whether a token owns this entry; such an entry leaves its registry only through the token.
    @usableFromInline let isOwnedByToken: Bool
    /// An object whose lifetime bounds the registration (a weakly held observer or binding target).
    @usableFromInline weak var anchor: AnyObject?
    @usableFromInline let isAnchored: Bool
    @usableFromInline let activeFlag = Atomic<Bool>(true)
    /// Position in the registry's entry list; guarded by the registry's lock.
    @usableFromInline var slot = 0

    @usableFromInline
    init(
        options: KeyValueObservingOptions, identity: ObserverIdentity?, owner: (any RegistrationOwner)?,
        isOwnedByToken: Bool, anchor: AnyObject?
    ) {
        self.options = options
        self.identity = identity
        self.owner = owner
        self.isOwnedByToken = isOwnedByToken
        self.anchor = anchor
        self.isAnchored = anchor != nil
    }

    @inlinable
    var isActive: Bool { activeFlag.load(ordering: .acquiring) }

    /// Active and, when anchored, with its anchor still alive.
    @inlinable
    var isLive: Bool { isActive && (!isAnchored || anchor != nil) }

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
