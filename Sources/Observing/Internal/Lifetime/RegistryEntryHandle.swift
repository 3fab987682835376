/// Removes one token-owned entry from its registry, for an owner of several entries (a
/// derived observation's dependencies, a manual registration): the `Registration` form of
/// `OwnedEntry`, as a token is for one observation.
@usableFromInline
final class RegistryEntryHandle: Registration, @unchecked Sendable {
    // Sendable: `isRemoved` is guarded by the registry's lock; the rest is immutable.

    let owned: OwnedEntry
    /// Guarded by the registry's lock.
    @exclusivity(unchecked) var isRemoved = false

    @usableFromInline
    init(registry: RegistryCore, entry: EntryBase) {
        self.owned = OwnedEntry(registrations: registry.registrations, entry: entry)
    }

    @usableFromInline
    var isValid: Bool { owned.isRegistered(isRemoved: isRemoved) }

    @usableFromInline
    func invalidate() {
        let removed = owned.remove(isRemoved: &isRemoved)
        // The entry, and the handler it holds, is released here, after unlocking.
        withExtendedLifetime(removed) {}
    }

    /// Removes the entry from its registry's list, as `invalidate()` does, but leaves it active.
    ///
    /// For a derived observation's re-wiring off the registry: a change in flight that listed
    /// the entry still reaches it (its prior call and its notification, in the entry's place),
    /// as KVO delivers a change to the observers it had when the change began. Later changes do
    /// not list it. Its owner ignores it once the registration has ended.
    func detach() {
        let removed = owned.remove(isRemoved: &isRemoved, deactivating: false)
        withExtendedLifetime(removed) {}
    }
}
