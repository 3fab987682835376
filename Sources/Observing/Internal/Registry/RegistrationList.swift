/// The registrations of one registry: what its lock guards.
///
/// Reached only through the registry's `LockedState`, so only with the lock held.
@usableFromInline
struct RegistrationList {
    @usableFromInline var entries = SlotList<EntryBase>()
    /// How many entries ask for `.prior`; a set sends no prior notifications while it is 0.
    @usableFromInline var priorCount = 0
    /// How many of those are dependency entries whose prior call only reads
    /// (`EntryBase.priorCallOnlyReads`), which a mutation in place still serves.
    @usableFromInline var readOnlyPriorCount = 0
    /// How many entries need a set's old value (`.old` or `.removeDuplicates`); while this and
    /// `priorCount` are 0, a mutation through the property may run in place.
    @usableFromInline var oldValueCount = 0
    /// `false` once the registry's `deinit` has started: tokens find nothing left to remove.
    @usableFromInline var isOpen = true
    /// A key path already found to name this storage (as a user's `\.name` literal, another
    /// instance than the one the property wrapper passes): compared by identity next time,
    /// which spares a component-by-component comparison on every registration.
    @usableFromInline var knownDirectKeyPath: AnyKeyPath?
    /// The object whose home (`ObjectHome`) keeps the registry, for a key path notified by hand.
    ///
    /// The home, and so the list, may outlive the object until the table drops the home, but a
    /// token's entry counts as registered only while the object lives. `nil` for an
    /// `@Observed` property's registry, which ends with its object.
    var home: WeakBox<AnyObject>?

    @usableFromInline
    init() {}

    /// Whether `keyPath` names the storage whose wrapper reported `wrappedKeyPath`.
    ///
    /// The same object, or equal to it. A key path found equal is remembered, so that the next
    /// registration with it (a user's key-path literal is one object) compares by identity.
    ///
    /// - Complexity: O(1) for a remembered key path; otherwise a component-by-component
    ///   comparison, which calls no user code.
    mutating func isNamed(by keyPath: AnyKeyPath, wrappedKeyPath: AnyKeyPath) -> Bool {
        if keyPath === wrappedKeyPath || keyPath === knownDirectKeyPath { return true }
        guard keyPath == wrappedKeyPath else { return false }
        knownDirectKeyPath = keyPath
        return true
    }

    @usableFromInline
    mutating func add(_ entry: EntryBase) {
        entries.append(entry)
        if entry.options.contains(.prior) {
            priorCount += 1
            if entry.priorCallOnlyReads { readOnlyPriorCount += 1 }
        }
        if Self.needsOldValue(entry) { oldValueCount += 1 }
        checkConsistency()
    }

    /// Removes `entry` if present; returns it, so that the caller releases it (and the
    /// handler it holds, whose captures may run arbitrary `deinit`s) after unlocking.
    ///
    /// - Complexity: O(1) amortized.
    @usableFromInline
    mutating func remove(_ entry: EntryBase) -> EntryBase? {
        guard let removed = entries.remove(entry) else { return nil }
        if removed.options.contains(.prior) {
            priorCount -= 1
            if removed.priorCallOnlyReads { readOnlyPriorCount -= 1 }
        }
        if Self.needsOldValue(removed) { oldValueCount -= 1 }
        checkConsistency()
        return removed
    }

    /// Removes a token-owned entry once, for its token, whose `isRemoved` flag this
    /// lock guards.
    ///
    /// `entry` is dereferenced only while the list is open and `isRemoved` is false: a
    /// token-owned entry leaves the list only here or when the registry closes it, so the list
    /// keeps it alive until then.
    ///
    /// - Parameters:
    ///   - entry: The entry, unretained.
    ///   - isRemoved: The owner's flag, set here.
    ///   - deactivating: Whether the entry is deactivated, so that the notifications in flight
    ///     that listed it skip it (`false` for a derived observation's re-wiring, whose entry
    ///     still takes part in them: `ObservationToken.detach()`).
    /// - Returns: The entry to release after unlocking, or `nil` when the entry was removed
    ///   already or the registry has closed the list.
    @inline(__always)
    mutating func removeOwnedEntry(
        _ entry: Unmanaged<EntryBase>, isRemoved: inout Bool, deactivating: Bool = true
    ) -> EntryBase? {
        guard isOpen, !isRemoved else { return nil }
        checkListed(entry)
        isRemoved = true
        return entry._withUnsafeGuaranteedRef { entry in
            if deactivating { entry.deactivate() }
            return remove(entry)
        }
    }

    /// Whether a token-owned entry is still registered and active (see `removeOwnedEntry`).
    ///
    /// The `home` object is not loaded here: the caller loads it after unlocking
    /// (`ObservationToken.isValid`), since that load may hold the object's last strong reference,
    /// and its `deinit` may end tokens of this list, which take this lock.
    @inline(__always)
    func containsOwnedEntry(_ entry: Unmanaged<EntryBase>, isRemoved: Bool) -> Bool {
        guard isOpen, !isRemoved else { return false }
        checkListed(entry)
        return entry._withUnsafeGuaranteedRef { $0.isActive }
    }

    /// In the internal-checks build, traps unless `entry` is in the list, before it is
    /// dereferenced unretained (O(*n*), comparing addresses only: checks builds only).
    @inline(__always)
    func checkListed(_ entry: Unmanaged<EntryBase>) {
        #if OBSERVING_INTERNAL_CHECKS
            let address = entry.toOpaque()
            let isListed = entries.elements.contains { listed in
                listed.map { Unmanaged.passUnretained($0).toOpaque() == address } ?? false
            }
            precondition(isListed, "a token's entry is no longer in its registry's list")
        #endif
    }

    /// Empties the list for the registry's `deinit`; returns the entries that were in it.
    mutating func close() -> [EntryBase] {
        isOpen = false
        let remaining = entries.elements.compactMap { $0 }
        entries = SlotList()
        priorCount = 0
        readOnlyPriorCount = 0
        oldValueCount = 0
        return remaining
    }

    /// Whether every entry that takes prior calls is a dependency entry whose prior call only
    /// reads (`EntryBase.priorCallOnlyReads`), which a mutation in place still serves.
    @inlinable
    var priorCallsOnlyRead: Bool { readOnlyPriorCount == priorCount }

    /// Whether `entry` needs the old value of each set: it asks for `.old`, or compares values
    /// for `.removeDuplicates`.
    @inlinable
    static func needsOldValue(_ entry: EntryBase) -> Bool {
        !entry.options.isDisjoint(with: [.old, .removeDuplicates])
    }

    /// In the internal-checks build, traps unless the counter and the slots agree with the
    /// list (O(*n*): checks builds only).
    @inlinable
    func checkConsistency() {
        #if OBSERVING_INTERNAL_CHECKS
            var priors = 0
            var readOnlyPriors = 0
            var olds = 0
            for (index, entry) in entries.elements.enumerated() {
                guard let entry else { continue }
                precondition(entry.slot == index, "entry slot \(entry.slot) stored at \(index)")
                if entry.options.contains(.prior) { priors += 1 }
                if entry.options.contains(.prior) && entry.priorCallOnlyReads { readOnlyPriors += 1 }
                if Self.needsOldValue(entry) { olds += 1 }
            }
            precondition(
                readOnlyPriors == readOnlyPriorCount,
                "readOnlyPriorCount \(readOnlyPriorCount), \(readOnlyPriors) listed")
            precondition(priors == priorCount, "priorCount \(priorCount), \(priors) prior entries listed")
            precondition(olds == oldValueCount, "oldValueCount \(oldValueCount), \(olds) listed")
        #endif
    }
}
