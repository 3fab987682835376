/// An observation of a key path that is not a single `@Observed` storage of the root: a
/// computed property, a chain through other objects (`\.selectedItem?.badgeValue`), or a key
/// path formed on a subclass.
///
/// It depends on every `@Observed` storage the key path read when last evaluated (learned by
/// a tracked read, as Swift's Observation module learns its dependencies). When one of them
/// changes it evaluates the key path again, re-wires its dependencies (a replaced intermediate
/// object keeps no registration), and delivers the change with the value read before it as
/// old, as KVO reads a dependent key's old value at the dependency's `willChangeValue`: when
/// the registration reports an old value (`.old`, `.prior`) its dependency entries take prior
/// calls, which read the key path while its storages still hold their old values, so a read
/// that no notification reported (a plain stored property) is part of it. A registration
/// without `.old` is given the value it was last delivered as old, which `.removeDuplicates`
/// compares with (the handler does not see it). A change notified inside another (a set made
/// from one of its callbacks) reports the value read when the outer one began; a set made from
/// a callback after its store is stored before its prior calls (it is notified after the
/// notification in flight), so its old value is the value delivered last.
///
/// A re-wiring made by a handler of a change in flight (the key path reads something else now,
/// and perhaps the same storage again) leaves that change's entries active
/// (`ObservationToken.detach()`): the change still reaches the observation whole, its prior
/// call and its notification, in the place it had when the change began.
///
/// A prior call that only reads (`.old` without `.prior`) needs no old value of the storage,
/// so a mutation in place of the storage still runs (`DependencyPriorCalls.readOnly`).
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
    let identity: ObserverIdentity?
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
    /// The changes in flight whose prior calls this observation was told of, oldest first,
    /// each with the registry it came from and the value read then (`nil` for a change stored
    /// before its prior calls, whose old value is the value delivered last): each after call
    /// reports its own change's old value, as KVO pairs each `didChangeValue` with the values
    /// its own `willChangeValue` captured.
    private var valuesBeforeChanges: [(registry: ObjectIdentifier, value: Value?)] = []
    private var dependencies: [(registry: ObjectIdentifier, registration: ObservationToken)] = []
    /// The entry in a registry of the root that ends this observation with the root, once the
    /// key path has read no `@Observed` storage of the root (`RootLifetimeAnchor`), and whether
    /// that registry is such storage (else the rule case: the root's home (`ObjectHome`)).
    private var lifetimeAnchor: (registration: any Registration, endsWithRoot: Bool)?
    /// Whether the last evaluation read `@Observed` storage of the root, whose registry ends
    /// the observation with the root.
    private var readsRootStorage = false
    /// The thread running the dependency entries' calls, and those other threads reported
    /// meanwhile (`ObservableProperty`s set on several threads at once).
    private var turn = DeliveryTurn()

    /// Makes the observation of the registration `entry` describes (its options, identity,
    /// anchor, whether a token owns it, and its handler), whose key path read `value` at
    /// registration.
    init(
        root: Root, keyPath: KeyPath<Root, Value>, declared: [AnyKeyPath], value: Value,
        entry: RegistryEntry<Value>
    ) {
        self.root = root
        self.rootID = ObjectIdentifier(root)
        self.keyPath = keyPath
        self.declared = declared
        self.options = entry.options
        self.identity = entry.identity
        self.anchor = entry.anchor
        self.isAnchored = entry.isAnchored
        self.isOwnedByToken = entry.isOwnedByToken
        self.lastValue = value
        self.entry = entry
        self.callback = entry.callback
    }

    /// Registers with the storages the first evaluation read, and with a lifetime anchor if
    /// none of them ends with the root.
    func start(accesses: TrackedAccesses) {
        if lock.withLock({ rewire(to: accesses) }), let root { anchor(to: root, reading: accesses) }
    }

    /// Gives the observation a lifetime anchor in a registry of `root`, unless it has ended or
    /// has one as good by then (another thread's re-wiring).
    ///
    /// `accesses`, what the key path read, names those properties in the debug diagnostic.
    ///
    /// Outside `lock`: finding the registry walks the root's storage and may create, or prune,
    /// entries of the table of observed objects, whose dropped registries end registrations.
    private func anchor(to root: Root, reading accesses: TrackedAccesses) {
        guard let entry = lock.withLock({ entry }) else { return }
        let (registration, endsWithRoot) = RootLifetimeAnchor.anchor(
            self, on: root, keyPath: keyPath, reading: accesses, registeredBy: entry)
        let unused: (any Registration)? = lock.withLock {
            guard callback != nil else { return registration }
            if let current = lifetimeAnchor, current.endsWithRoot || !endsWithRoot { return registration }
            defer { lifetimeAnchor = (registration, endsWithRoot) }
            return lifetimeAnchor?.registration
        }
        unused?.invalidate()
    }

    /// Re-registers with the storages of the latest evaluation.
    ///
    /// Must run under `lock`. Lock order: this lock, then a registry's lock.
    ///
    /// - Returns: Whether the observation needs a lifetime anchor (`anchor(to:)`): it reads no
    ///   `@Observed` storage of the root now, and has no anchor yet, or only one in the root's
    ///   home (`ObjectHome`) while it has just stopped reading the root's storage (which
    ///   then has a registry to hold a better one). An anchor is kept when the observation reads
    ///   the root's storage again: it is inert, one entry, and dropping it would make an
    ///   observation that flips between the root's storage and others' walk the root's
    ///   storage by reflection at each flip.
    private func rewire(to accesses: TrackedAccesses) -> Bool {
        guard callback != nil else { return false }
        var kept: [(registry: ObjectIdentifier, registration: ObservationToken)] = []
        for access in accesses {
            let id = ObjectIdentifier(access.registry)
            if let existing = dependencies.first(where: { $0.registry == id }) {
                kept.append(existing)
            } else {
                let registration = access.registry.addDependency(owner: self, priorCalls: priorCalls)
                kept.append((id, registration))
            }
        }
        // Detached, not deactivated: a change in flight that listed the entry still reaches it
        // (a handler of that change re-wired this observation, say off its storage and back),
        // whole and in its place, as KVO delivers a change to the observers it had when the
        // change began. A registration's end deactivates only the entries it still lists, so
        // the callbacks below skip a detached one by `callback`.
        for dependency in dependencies where !kept.contains(where: { $0.registry == dependency.registry }) {
            dependency.registration.detach()
        }
        dependencies = kept
        if lifetimeAnchor?.endsWithRoot == true { return false }
        // A registry of a key path the root notifies by hand (a declared dependency) is no
        // storage of the root: the process-wide table keeps it past the root's end.
        let readRoot = readsRootStorage
        readsRootStorage = accesses.contains { $0.object == rootID && $0.registry.endsWithItsObject }
        return !readsRootStorage && (lifetimeAnchor == nil || readRoot)
    }

    /// What the dependency entries are told before a change: a read of the value before it
    /// when the registration reports an old value, and the `.prior` handler with it.
    private var priorCalls: DependencyPriorCalls {
        if options.contains(.prior) { return .handler }
        return options.contains(.old) ? .readOnly : .none
    }

    func dependencyWillChange(isStored: Bool, from registry: ObjectIdentifier) {
        runInTurn(.willChange(isStored: isStored, registry: registry))
    }

    func dependencyDidChange(from registry: ObjectIdentifier) {
        runInTurn(.didChange(registry: registry))
    }

    /// Runs `event` on this thread if it holds the turn or takes it, then the events other
    /// threads reported meanwhile; else leaves `event` to the thread holding the turn.
    private func runInTurn(_ event: DeliveryTurn.Event) {
        lock.lock()
        let runsNow = turn.begin(event)
        lock.unlock()
        guard runsNow else { return }
        var next: DeliveryTurn.Event? = event
        while let current = next {
            switch current {
            case .willChange(let isStored, let registry): willChange(isStored: isStored, from: registry)
            case .didChange(let registry): didChange(from: registry)
            }
            lock.lock()
            next = turn.end()
            lock.unlock()
        }
    }

    private func willChange(isStored: Bool, from registry: ObjectIdentifier) {
        // Checked first: an entry that a re-wiring detached is still called by the change in
        // flight that listed it, after the registration's end too, and must not run the getter.
        guard priorCalls != .none, let root, isAlive, isValid else { return }
        // Read untracked: an evaluation that tracks on this thread does not learn this read.
        let read = isStored ? nil : AccessTracking.track { root[keyPath: keyPath] }.0
        // Locked by hand: the same step as a `withLock` closure crashes Swift 6.3.1's
        // region-based isolation pass (SendNonSendable, `map::at`).
        lock.lock()
        let callback = self.callback
        // Each change in flight keeps its own value: a change notified inside another (a set
        // made from one of its callbacks) neither takes nor replaces the outer one's.
        if callback != nil { valuesBeforeChanges.append((registry, read)) }
        let oldValue = read ?? lastValue
        lock.unlock()
        guard let callback, priorCalls == .handler else { return }
        let change = KeyValueObservedChange(kind: .setting, oldValue: oldValue, isPrior: true)
        if !callback(root, change) { anchorIsGone() }
    }

    private func didChange(from registry: ObjectIdentifier) {
        guard let root else {
            invalidate()
            return
        }
        guard isAlive else {
            anchorIsGone()
            return
        }
        // As in `dependencyWillChange`: a detached entry may call after the registration's end.
        guard isValid else { return }
        let (newValue, reads) = AccessTracking.track { root[keyPath: keyPath] }
        let accesses = DeclaredDependencies.adding(declared, on: root, to: reads)
        let state: (Callback, Value, needsAnchor: Bool)? = lock.withLock {
            guard let callback else { return nil }
            let needsAnchor = rewire(to: accesses)
            defer { lastValue = newValue }
            // The oldest change of that registry told before its store: a registry delivers
            // its changes in order, each prior call before its after call.
            let before = valuesBeforeChanges.firstIndex { $0.registry == registry }.flatMap {
                valuesBeforeChanges.remove(at: $0).value
            }
            return (callback, before ?? lastValue, needsAnchor)
        }
        guard let (callback, oldValue, needsAnchor) = state else { return }
        if needsAnchor { anchor(to: root, reading: accesses) }
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
                valuesBeforeChanges = []
            }
            entry?.deactivate()
            return (dependencies, lifetimeAnchor?.registration, callback, entry)
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
