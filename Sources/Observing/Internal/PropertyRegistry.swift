/// The observers of one `@Observed` property of one object.
///
/// Created lazily, on the first registration, and owned by the property's storage, so it
/// lives exactly as long as the observed object. `RegistryCore` keeps the registrations; this
/// subclass delivers typed changes.
///
/// Delivery state (`isDelivering`, `pending`, `nextCollectionChange`) is touched only by the
/// setter, which runs in the observed object's isolation domain, like the stored value
/// itself; it opts out of dynamic exclusivity checks for that reason.
@usableFromInline
final class PropertyRegistry<Value>: RegistryCore, AnyPropertyRegistry, @unchecked Sendable {
    @usableFromInline typealias Entry = RegistryEntry<Value>

    /// An element-level change of a to-many property, described before its store.
    @usableFromInline
    struct CollectionChange {
        var kind: KeyValueChangeKind
        var indexes: Set<Int>
        var old: Value?
        var new: Value?
    }

    @exclusivity(unchecked) @usableFromInline var isDelivering = false
    /// Whether the set in flight is still sending its prior notifications (before its store).
    @exclusivity(unchecked) @usableFromInline var isInPriorPhase = false
    /// Values set from a prior callback (or after one, to keep set order) of the set in flight:
    /// the setter stores them, as sets of their own, after that set completes.
    @exclusivity(unchecked) @usableFromInline var deferredStores: [Value] = []
    @exclusivity(unchecked) @usableFromInline var pending: [KeyValueObservedChange<Value>] = []
    /// The to-many change that the next set describes (set by `MutableArrayValue`).
    @exclusivity(unchecked) @usableFromInline var nextCollectionChange: CollectionChange?

    @usableFromInline
    override init() {
        super.init()
    }

    @usableFromInline
    func addDependency(
        owner: any DependencyOwner, wantsPrior: Bool, identity: ObserverIdentity?, anchor: AnyObject?
    ) -> any Registration {
        let entry = Entry(
            options: wantsPrior ? [.prior] : [], identity: identity, owner: owner, isOwnedByToken: true,
            anchor: anchor
        ) { [unowned(unsafe) owner] _, change in
            // The entry holds `owner` strongly; the capture avoids a second retain.
            if change.isPrior { owner.dependencyWillChange() } else { owner.dependencyDidChange() }
            return true
        }
        add(entry)
        return RegistryEntryHandle(registry: self, entry: entry)
    }
}
