/// An observation of a key path that is not a single `@Observed` storage of the root: a
/// computed property, a chain through other objects (`\.selectedItem?.badgeValue`), or a key
/// path formed on a subclass.
///
/// It depends on every `@Observed` storage the key path read when last evaluated (learned by
/// a tracked read, as Swift's Observation module learns its dependencies). When one of them
/// changes it evaluates the key path again, re-wires its dependencies (a replaced intermediate
/// object keeps no registration), and delivers the change with the previous value as old.
///
/// Ownership: each dependency entry holds this object; a token may hold it too. It holds the
/// root and the dependencies' registries weakly.
final class DerivedObservation<Root: AnyObject, Value>: DependencyOwner, Registration, SnapshotDescribable,
    @unchecked Sendable
{
    // Sendable: mutable state is guarded by `lock`; the root is held weakly and read in its domain.
    typealias Callback = RegistryEntry<Value>.Callback

    private weak var root: Root?
    private let rootID: ObjectIdentifier
    private let keyPath: KeyPath<Root, Value>
    /// The key paths the root's class declares as affecting `keyPath`, read at each evaluation.
    private let declared: [AnyKeyPath]
    private let options: KeyValueObservingOptions
    private let identity: ObserverIdentity?
    private weak var anchor: AnyObject?
    /// Whether an anchor (a weakly held observer or binding target) bounds the registration.
    private let isAnchored: Bool
    /// Whether a token owns the registration: it then stays (neither called nor counted once
    /// its anchor is gone) until the token ends it, as a direct registration does.
    private let isOwnedByToken: Bool

    private let lock = Lock()
    // Guarded by `lock`.
    /// Receives unfiltered changes and applies the registration's options (see
    /// `RegistryEntry.Callback`); `nil` once invalidated, which releases the handler.
    private var callback: Callback?
    /// The entry the registration was made with, in no registry; deactivated when the
    /// registration ends, which drops the calls a queued handler still has waiting
    /// (`QueuedHandler`), and `nil` from then on.
    private var entry: EntryBase?
    private var lastValue: Value
    private var dependencies: [(registry: ObjectIdentifier, registration: any Registration)] = []
    /// The entry in a registry of the root that ends this observation with the root, when the
    /// key path reads no storage of the root (`RootLifetimeAnchor`).
    private var lifetimeAnchor: (any Registration)?

    init(
        root: Root, keyPath: KeyPath<Root, Value>, declared: [AnyKeyPath], options: KeyValueObservingOptions,
        identity: ObserverIdentity?, anchor: AnyObject?, isOwnedByToken: Bool, value: Value,
        entry: EntryBase, callback: @escaping Callback
    ) {
        self.root = root
        self.rootID = ObjectIdentifier(root)
        self.keyPath = keyPath
        self.declared = declared
        self.options = options
        self.identity = identity
        self.anchor = anchor
        self.isAnchored = anchor != nil
        self.isOwnedByToken = isOwnedByToken
        self.lastValue = value
        self.entry = entry
        self.callback = callback
    }

    /// Registers with the storages the first evaluation read.
    func start(accesses: TrackedAccesses) {
        lock.withLock { rewire(to: accesses) }
    }

    /// Keeps `anchor` until the registration ends (at once, if it has ended).
    func keep(_ anchor: any Registration) {
        let isEnded = lock.withLock {
            if callback == nil { return true }
            lifetimeAnchor = anchor
            return false
        }
        if isEnded { anchor.invalidate() }
    }

    /// Re-registers with the storages of the latest evaluation.
    ///
    /// Must run under `lock`. Lock order: this lock, then a registry's lock.
    private func rewire(to accesses: TrackedAccesses) {
        guard callback != nil else { return }
        var kept: [(registry: ObjectIdentifier, registration: any Registration)] = []
        for access in accesses {
            let id = ObjectIdentifier(access.registry)
            if let existing = dependencies.first(where: { $0.registry == id }) {
                kept.append(existing)
            } else {
                let registration = access.registry.addDependency(
                    owner: self, wantsPrior: options.contains(.prior), identity: identity, anchor: anchor)
                kept.append((id, registration))
            }
        }
        for dependency in dependencies where !kept.contains(where: { $0.registry == dependency.registry }) {
            dependency.registration.invalidate()
        }
        dependencies = kept
    }

    func dependencyWillChange() {
        guard options.contains(.prior), let root, isAlive else { return }
        let (callback, oldValue) = lock.withLock { (self.callback, lastValue) }
        guard let callback else { return }
        let change = KeyValueObservedChange(kind: .setting, oldValue: oldValue, isPrior: true)
        if !callback(root, change) { anchorIsGone() }
    }

    func dependencyDidChange() {
        guard let root else {
            invalidate()
            return
        }
        guard isAlive else {
            anchorIsGone()
            return
        }
        let (newValue, accesses) = DeclaredDependencies.track(keyPath, on: root, declared: declared)
        let state: (Callback, Value)? = lock.withLock {
            guard let callback else { return nil }
            rewire(to: accesses)
            defer { lastValue = newValue }
            return (callback, lastValue)
        }
        guard let (callback, oldValue) = state else { return }
        let change = KeyValueObservedChange(kind: .setting, newValue: newValue, oldValue: oldValue)
        if !callback(root, change) { anchorIsGone() }
    }

    /// The anchor has deallocated: an observer's registration ends (its observer cannot remove
    /// it any more); a token's stays, neither called nor counted, until the token ends it.
    private func anchorIsGone() {
        if !isOwnedByToken { invalidate() }
    }

    func observes(root: ObjectIdentifier, keyPath: AnyKeyPath) -> Bool {
        rootID == root && self.keyPath == keyPath
    }

    func registryDidEnd() {
        if root == nil { invalidate() }
    }

    func invalidate() {
        _ = endRegistration()
    }

    func endRegistration() -> Bool {
        let (removed, anchor, released, releasedEntry) = lock.withLock {
            defer {
                dependencies = []
                lifetimeAnchor = nil
                callback = nil
                entry = nil
            }
            entry?.deactivate()
            return (dependencies, lifetimeAnchor, callback, entry)
        }
        // The handler and the entry are released here, outside the lock.
        withExtendedLifetime((released, releasedEntry)) {}
        for dependency in removed { dependency.registration.invalidate() }
        anchor?.invalidate()
        return released != nil
    }

    /// Whether the handler is still held: the root's end ends the registration (through the
    /// registry of a storage of the root, its own or its anchor's), so that the token, the
    /// handler and a sequence agree at every moment.
    var isValid: Bool {
        lock.withLock { callback != nil }
    }

    /// The registration as a snapshot lists it under each property it depends on: with the
    /// options, observer and record of the entry it was made with.
    var snapshotRegistration: ObservationSnapshot.Registration {
        let madeWith = lock.withLock { entry }
        let observer =
            identity == nil ? "closure" : anchor.map { String(describing: type(of: $0)) } ?? "observer"
        return ObservationSnapshot.Registration(
            options: options, observer: observer, context: identity?.context?.name, derivedKeyPath: keyPath,
            site: madeWith.flatMap { RegistrationSites.site(of: $0) })
    }

    /// Whether the root is alive and, for an anchored registration, its anchor too; the
    /// dependency entries are neither called nor counted otherwise.
    var isAlive: Bool { root != nil && (!isAnchored || anchor != nil) }
}
