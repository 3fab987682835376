/// Removes one token-owned entry from its registry; keeps neither alive.
@usableFromInline
final class RegistryEntryHandle: Registration, @unchecked Sendable {
    // Sendable: `isRemoved` is guarded by the registry's lock; the rest is immutable.

    /// The registry's list; weak, so that a token keeps nothing of the registry alive.
    private weak var registrations: LockedState<RegistrationList>?
    /// Dereferenced only under the registry's lock, as `RegistrationList.removeOwnedEntry`
    /// says.
    let entry: Unmanaged<EntryBase>
    /// Guarded by the registry's lock.
    @exclusivity(unchecked) var isRemoved = false

    @usableFromInline
    init(registry: RegistryCore, entry: EntryBase) {
        self.registrations = registry.registrations
        self.entry = Unmanaged.passUnretained(entry)
    }

    @usableFromInline
    var isValid: Bool {
        guard let registrations else { return false }
        return registrations.withLock { $0.containsOwnedEntry(entry, isRemoved: isRemoved) }
    }

    @usableFromInline
    func invalidate() {
        guard let registrations else { return }
        let removed = registrations.withLock { $0.removeOwnedEntry(entry, isRemoved: &isRemoved) }
        // The entry, and the handler it holds, is released here, after unlocking.
        withExtendedLifetime(removed) {}
    }
}
