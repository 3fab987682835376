import Synchronization

/// Identifies an observer-protocol registration for `removeObserver(_:forKeyPath:context:)`,
/// which matches observer, key path and context exactly, as KVO does.
@usableFromInline
struct ObserverIdentity: @unchecked Sendable {
    let observer: ObjectIdentifier
    let keyPath: AnyKeyPath
    /// The `@Observed` storage key path the registration's key path reads directly, if it reads
    /// exactly one on the observed object itself; lets `\Sub.title` match `\Base.title`.
    let storageKeyPath: AnyKeyPath?
    let context: ObservationContext?

    func matches(
        keyPath other: AnyKeyPath, storageKeyPath otherStorage: AnyKeyPath?, context: ObservationContext?
    )
        -> Bool
    {
        guard self.context == context else { return false }
        if keyPath == other { return true }
        guard let storageKeyPath, let otherStorage else { return false }
        return storageKeyPath == otherStorage
    }
}

/// Something a registry entry belongs to and that can end it: a derived observation spread
/// over several registries, or a token.
protocol RegistrationOwner: AnyObject, Sendable {
    /// Ends the registration everywhere. Idempotent.
    func invalidate()
    /// Called when a registry holding one of the owner's entries is deallocated.
    func registryDidEnd()
}

/// One registration in one `PropertyRegistry`.
///
/// The callback is immutable, so a notification in flight may call it without a lock; it is
/// released when the entry is, which happens as soon as the registry drops it (unless a
/// notification on another thread still iterates a snapshot that holds it).
@usableFromInline
final class RegistryEntry<Value>: Slotted, @unchecked Sendable {
    /// Receives every change; returns `false` when the entry's anchor is gone and it should be
    /// pruned.
    @usableFromInline
    typealias Callback = (_ object: AnyObject, _ change: KeyValueObservedChange<Value>) -> Bool

    @usableFromInline let options: KeyValueObservingOptions
    @usableFromInline let callback: Callback
    let identity: ObserverIdentity?
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

    init(
        options: KeyValueObservingOptions, identity: ObserverIdentity? = nil,
        owner: (any RegistrationOwner)? = nil,
        isOwnedByToken: Bool, anchor: AnyObject? = nil, callback: @escaping Callback
    ) {
        self.options = options
        self.identity = identity
        self.owner = owner
        self.isOwnedByToken = isOwnedByToken
        self.anchor = anchor
        self.isAnchored = anchor != nil
        self.callback = callback
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
