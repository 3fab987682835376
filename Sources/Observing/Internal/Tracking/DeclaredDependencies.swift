/// The reads of a derived key path together with those of the key paths its class declares
/// as affecting it (`keyPathsForValuesAffectingValue(for:)`, as KVO's
/// `keyPathsForValuesAffectingValue(forKey:)`).
enum DeclaredDependencies {
    /// `accesses` with the reads of each declared key path added once.
    ///
    /// A declared key path that reads no `@Observed` storage is notified by hand: its
    /// registry in the object's home (`ObjectHome`) stands for its storage.
    ///
    /// - Complexity: O(*k* × *d*) for *k* declared key paths and *d* reads.
    static func adding<Root: AnyObject>(_ declared: [AnyKeyPath], on root: Root, to accesses: TrackedAccesses)
        -> TrackedAccesses
    {
        guard !declared.isEmpty else { return accesses }
        var result = accesses
        for keyPath in declared {
            let (_, reads) = AccessTracking.track { root[keyPath: keyPath] }
            if reads.isEmpty {
                let registry = ObjectHome.creatingIfNeeded(for: root)
                    .anyRegistryCreatingIfNeeded(for: keyPath)
                result.appendIfAbsent(TrackedAccess(registry: registry, object: ObjectIdentifier(root)))
            } else {
                for read in reads { result.appendIfAbsent(read) }
            }
        }
        return result
    }
}

extension KeyValueObservable {
    /// The key paths declared as affecting `keyPath`, transitively, as KVO resolves
    /// `keyPathsForValuesAffectingValue(forKey:)`: those of each declared key path are added
    /// too, each once, so that a cycle ends.
    ///
    /// - Complexity: O(*k*) calls of `keyPathsForValuesAffectingValue(for:)`, for the *k*
    ///   key paths reached.
    static func declaredDependencies(of keyPath: AnyKeyPath) -> [AnyKeyPath] {
        var result: [AnyKeyPath] = []
        var seen: Set<AnyKeyPath> = [keyPath]
        var pending = keyPathsForValuesAffectingValue(for: keyPath)
        while let next = pending.popLast() {
            guard seen.insert(next).inserted else { continue }
            result.append(next)
            pending += keyPathsForValuesAffectingValue(for: next)
        }
        return result
    }
}
