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
final class DerivedObservation<Root: AnyObject, Value>: DependencyOwner, Registration, @unchecked Sendable {
    typealias Delivery = (Root, KeyValueObservedChange<Value>) -> Bool

    private weak var root: Root?
    private let keyPath: KeyPath<Root, Value>
    private let options: KeyValueObservingOptions
    private let identity: ObserverIdentity?
    private weak var anchor: AnyObject?
    private let equal: ((Value, Value) -> Bool)?

    private let lock = Lock()
    // Guarded by `lock`.
    private var delivery: Delivery?
    private var lastValue: Value
    private var dependencies: [(registry: ObjectIdentifier, registration: any Registration)] = []

    init(
        root: Root, keyPath: KeyPath<Root, Value>, options: KeyValueObservingOptions,
        identity: ObserverIdentity?, anchor: AnyObject?, value: Value, delivery: @escaping Delivery
    ) {
        self.root = root
        self.keyPath = keyPath
        self.options = options
        self.identity = identity
        self.anchor = anchor
        self.equal = options.contains(.removeDuplicates) ? equalityCheck(for: Value.self) : nil
        self.lastValue = value
        self.delivery = delivery
    }

    /// Registers with the storages the first evaluation read.
    func start(accesses: [TrackedAccess]) {
        lock.withLock { rewire(to: accesses) }
    }

    /// Re-registers with the storages of the latest evaluation.
    ///
    /// Must run under `lock`. Lock order: this lock, then a registry's lock.
    private func rewire(to accesses: [TrackedAccess]) {
        guard delivery != nil else { return }
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
        guard options.contains(.prior), let root else { return }
        let (delivery, oldValue) = lock.withLock { (self.delivery, lastValue) }
        guard let delivery else { return }
        let change = KeyValueObservedChange(kind: .setting, oldValue: oldValue, isPrior: true)
        if !delivery(root, change.filtered(by: options)) { invalidate() }
    }

    func dependencyDidChange() {
        guard let root else {
            invalidate()
            return
        }
        let (newValue, accesses) = AccessTracking.track { root[keyPath: keyPath] }
        let state: (Delivery, Value)? = lock.withLock {
            guard let delivery else { return nil }
            rewire(to: accesses)
            defer { lastValue = newValue }
            return (delivery, lastValue)
        }
        guard let (delivery, oldValue) = state else { return }
        let change = KeyValueObservedChange(kind: .setting, newValue: newValue, oldValue: oldValue)
        if isDuplicate(change, options: options, equal: equal) { return }
        if !delivery(root, change.filtered(by: options)) { invalidate() }
    }

    func registryDidEnd() {
        if root == nil { invalidate() }
    }

    func invalidate() {
        let (removed, released) = lock.withLock {
            defer {
                dependencies = []
                delivery = nil
            }
            return (dependencies, delivery)
        }
        // The handler is released here, outside the lock.
        withExtendedLifetime(released) {}
        for dependency in removed { dependency.registration.invalidate() }
    }

    var isValid: Bool {
        lock.withLock { delivery != nil } && root != nil
    }
}
