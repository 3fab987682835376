/// One token-owned entry in one registry, as a token, a handle and a registration's result
/// all refer to it: the registry's list, held strongly, and the entry, unretained.
///
/// The list outlives its registry as an empty, closed list, so holding it keeps nothing of
/// the registry alive. The entry is dereferenced only under the list's lock, while the list is
/// open and the owner has not removed it: a token-owned entry leaves its list only through
/// its owner or when the registry closes the list, so until then the list keeps it alive (the
/// internal-checks build finds the entry in the list before each dereference).
@usableFromInline
struct OwnedEntry {
    @usableFromInline let registrations: LockedState<RegistrationList>
    @usableFromInline let entry: Unmanaged<EntryBase>

    /// The entry `registrations` lists, which the caller is to own.
    @inlinable
    init(registrations: LockedState<RegistrationList>, entry: EntryBase) {
        self.registrations = registrations
        self.entry = Unmanaged.passUnretained(entry)
    }

    /// Removes the entry, unless `isRemoved` says its owner already did (which it then sets),
    /// under the list's lock; `deactivating` as `RegistrationList.removeOwnedEntry` says.
    ///
    /// - Returns: The removed entry, which the caller releases once its access to `isRemoved`
    ///   has ended: the entry's `deinit` releases the handler, whose captures may run code that
    ///   uses the owner again.
    @usableFromInline
    func remove(isRemoved: inout Bool, deactivating: Bool = true) -> EntryBase? {
        registrations.withLock {
            $0.removeOwnedEntry(entry, isRemoved: &isRemoved, deactivating: deactivating)
        }
    }

    /// Whether the entry is still registered and active.
    @usableFromInline
    func isRegistered(isRemoved: Bool) -> Bool {
        registrations.withLock { $0.containsOwnedEntry(entry, isRemoved: isRemoved) }
    }
}
