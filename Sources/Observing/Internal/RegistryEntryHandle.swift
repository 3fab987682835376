/// Removes one token-owned entry from its registry; keeps neither alive.
@usableFromInline
final class RegistryEntryHandle: Registration, @unchecked Sendable {
    // Sendable: `isRemoved` is guarded by the registry's lock; the rest is immutable.

    /// The registry's list; weak, so that a token keeps nothing of the registry alive.
    private weak var registrations: LockedState<RegistrationList>?
    /// Dereferenced only under the registry's lock while the list is open and `isRemoved` is
    /// false: a token-owned entry leaves its registry only through this handle, or when the
    /// registry closes the list, so the list keeps it alive until then.
    unowned(unsafe) let entry: EntryBase
    /// Guarded by the registry's lock.
    var isRemoved = false

    @usableFromInline
    init(registry: RegistryCore, entry: EntryBase) {
        self.registrations = registry.registrations
        self.entry = entry
    }

    @usableFromInline
    var isValid: Bool {
        guard let registrations else { return false }
        return registrations.withLock { list in list.isOpen && !isRemoved && entry.isActive }
    }

    @usableFromInline
    func invalidate() {
        guard let registrations else { return }
        let removed: EntryBase? = registrations.withLock { list in
            guard list.isOpen, !isRemoved else { return nil }
            isRemoved = true
            entry.deactivate()
            return list.remove(entry)
        }
        // The entry, and the handler it holds, is released here, after unlocking.
        withExtendedLifetime(removed) {}
    }
}
