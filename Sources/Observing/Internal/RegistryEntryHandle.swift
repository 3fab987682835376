/// What a registry's entry handles hold, weakly: the registry's lock and, under it, the
/// registry while it is alive (its `deinit` clears the reference under the same lock).
final class RegistryLifetime: @unchecked Sendable {
    let lock: Lock
    /// Guarded by `lock`; `nil` once the registry's `deinit` has started.
    unowned(unsafe) var registry: RegistryCore?

    init(lock: Lock) {
        self.lock = lock
    }
}

/// Removes one token-owned entry from its registry; keeps neither alive.
@usableFromInline
final class RegistryEntryHandle: Registration, @unchecked Sendable {
    private weak var lifetime: RegistryLifetime?
    /// Dereferenced only under the registry's lock while the registry is alive and
    /// `isRemoved` is false: a token-owned entry leaves its registry only through this handle,
    /// or together with the registry.
    unowned(unsafe) let entry: EntryBase
    /// Guarded by the registry's lock.
    var isRemoved = false

    @usableFromInline
    init(registry: RegistryCore, entry: EntryBase) {
        self.lifetime = registry.lifetime
        self.entry = entry
    }

    @usableFromInline
    var isValid: Bool {
        guard let lifetime else { return false }
        return lifetime.lock.withLock { lifetime.registry != nil && !isRemoved && entry.isActive }
    }

    @usableFromInline
    func invalidate() {
        guard let lifetime else { return }
        let removed = lifetime.lock.withLock { lifetime.registry?.removeEntryLocked(of: self) }
        // The entry, and the handler it holds, is released here, after unlocking.
        withExtendedLifetime(removed) {}
    }
}
