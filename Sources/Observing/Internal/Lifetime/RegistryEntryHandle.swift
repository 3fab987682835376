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
}
