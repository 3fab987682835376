/// A registration that also has an observer identity, an owner or an anchor: observer
/// registrations, bindings bounded by their target, and the entries of an owner of several (a
/// derived observation's dependencies and anchor, a whole-object observation's), which take
/// the identity and the anchor from their owner (its `identity`, and its `isAlive`).
///
/// These fields live here rather than in every entry, so that a plain block observation's
/// entry stays small (observe-bench W5).
@usableFromInline
final class ExtendedRegistryEntry<Value>: RegistryEntry<Value>, @unchecked Sendable {
    // Sendable: the identity and the owner are immutable; the anchor is weak.
    private let storedIdentity: ObserverIdentity?
    private let storedOwner: (any RegistrationOwner)?
    private weak var storedAnchor: AnyObject?
    private let hasAnchor: Bool

    @usableFromInline
    init(
        options: KeyValueObservingOptions, identity: ObserverIdentity? = nil,
        owner: (any RegistrationOwner)? = nil, isOwnedByToken: Bool, anchor: AnyObject? = nil,
        priorCallOnlyReads: Bool = false, callback: @escaping Callback
    ) {
        self.storedIdentity = identity
        self.storedOwner = owner
        self.storedAnchor = anchor
        self.hasAnchor = anchor != nil
        super.init(
            options: options, isOwnedByToken: isOwnedByToken, isCounted: owner == nil,
            priorCallOnlyReads: priorCallOnlyReads, callback: callback)
    }

    /// An owner's entry reads its owner's: the owner alone stores it.
    override var identity: ObserverIdentity? { storedIdentity ?? storedOwner?.identity }
    override var owner: (any RegistrationOwner)? { storedOwner }
    override var anchor: AnyObject? { storedAnchor }
    override var isAnchored: Bool { hasAnchor }
}
