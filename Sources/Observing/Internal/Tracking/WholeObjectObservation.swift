import Synchronization

/// One registration for every observable property of one object (`observeChanges`).
///
/// It has an entry in each registry of the object: those that exist when it starts (found by
/// `ObjectRegistries`), and each one created later, which tells it through
/// `registryWasCreated(_:for:)`. The object's home (`ObjectHome`) lists it. An `@Observed` property that has no registry yet gets one at
/// its first set while a whole-object observation of its object exists: the setter checks
/// `isActive`, a process-wide count, and only then looks the object up. Objects nobody
/// observes whole pay that one relaxed load per unobserved set, and nothing while no
/// whole-object observation exists anywhere.
///
/// Ownership: each entry holds this object; the token holds it too. It holds the object
/// weakly, and its entries through their tokens.
@usableFromInline
final class WholeObjectObservation: RegistrationOwner, Registration, SnapshotDescribable, @unchecked Sendable
{
    // Sendable: mutable state is guarded by `lock`; the filter and the count change under
    // `filterLock`.
    typealias Handler = (AnyObject, AnyKeyPath, KeyValueChange) -> Void

    /// The number of whole-object observations alive in the process.
    @usableFromInline static let activeCount = Atomic<Int>(0)

    /// Whether any whole-object observation exists; one relaxed load, inlined into setters.
    @inlinable
    static var isActive: Bool {
        activeCount.load(ordering: .relaxed) > 0
    }

    /// Guards the changes of `filter` and `activeCount` together, so that a filter cleared
    /// when the last observation ends never drops the bit of one starting meanwhile.
    private static let filterLock = Lock()

    /// A one-word filter of the objects observed whole, the bit `filterBit(for:)` of each.
    ///
    /// Written under `filterLock`, read without it, so that a set of an object nobody
    /// observes whole answers `isObserved` with one load, not a lock and a hashed look-up
    /// (about 450 rather than 1,400 instructions a set, with one object observed whole), as
    /// long as few objects are: a bit is set for each object observed whole and cleared only
    /// when none is, and a set whose bit is set pays the look-up.
    private static let filter = Atomic<UInt64>(0)

    private static func filterBit(for id: ObjectIdentifier) -> UInt64 {
        let bits = UInt(bitPattern: id)
        return 1 << ((bits >> 4 ^ bits >> 10) & 63)
    }

    private weak var object: AnyObject?
    private let objectID: ObjectIdentifier
    private let lock = Lock()
    // Guarded by `lock`.
    private var handler: Handler?
    private var tokens: [ObservationToken] = []
    /// The registries joined, held weakly: a registry that ended (its storage replaced) may
    /// free its address for the new storage's, which must be joined too.
    private var attached: [ObjectIdentifier: WeakBox<RegistryCore>] = [:]
    /// The size of `attached` at which the registries that ended are dropped from it.
    private var pruningCount = 16

    init(object: AnyObject, handler: @escaping Handler) {
        self.object = object
        self.objectID = ObjectIdentifier(object)
        self.handler = handler
        #if DEBUG
            LiveRegistrations.began()
        #endif
    }

    #if DEBUG
        /// Where the observation was made (`RegistrationSites`), in debug builds: written before
        /// the observation is shared, as an entry's is.
        var site: RegistrationSites.Site?

        deinit {
            LiveRegistrations.ended()
        }
    #endif

    /// Joins the object's registries and becomes visible to the ones created later.
    func start() {
        guard let object else { return }
        Self.filterLock.withLock {
            Self.filter.bitwiseOr(Self.filterBit(for: objectID), ordering: .relaxed)
            Self.activeCount.add(1, ordering: .relaxed)
        }
        ObjectHome.creatingIfNeeded(for: object).addWholeObjectObservation(self)
        for registry in ObjectRegistries.all(of: object) { attach(to: registry) }
    }

    @usableFromInline
    static func isObserved(_ object: AnyObject) -> Bool {
        // This runs on every set of a property without a registry, of an opted-in class, while
        // any whole-object observation exists: the filter first, then the object's home.
        let id = ObjectIdentifier(object)
        guard filter.load(ordering: .relaxed) & filterBit(for: id) != 0 else { return false }
        return ObjectHome.of(object)?.isObservedWhole ?? false
    }

    /// A registry of `object` was created: each whole-object observation of it joins it.
    @usableFromInline
    static func registryWasCreated(_ registry: RegistryCore, for object: AnyObject) {
        for observation in observations(of: object) { observation.attach(to: registry) }
    }

    /// The live whole-object observations of `object`.
    static func observations(of object: AnyObject) -> [WholeObjectObservation] {
        ObjectHome.of(object)?.wholeObjectObservations() ?? []
    }

    /// Adds an entry of this observation to `registry`, once.
    func attach(to registry: RegistryCore) {
        let isNew = lock.withLock {
            guard handler != nil, attached[ObjectIdentifier(registry)]?.refers(to: registry) != true else {
                return false
            }
            // The registries that ended (storages replaced) are forgotten once they could make
            // up half the table: amortized O(1) per registry joined.
            if attached.count >= pruningCount {
                attached = attached.filter { $0.value.value != nil }
                pruningCount = max(16, 2 * attached.count)
            }
            attached[ObjectIdentifier(registry)] = WeakBox(registry)
            return true
        }
        guard isNew else { return }
        let token = registry.addWholeObjectEntry(owner: self)
        let isEnded = lock.withLock {
            if handler == nil { return true }
            tokens.append(token)
            return false
        }
        // Ended meanwhile, on another thread: this entry is not kept.
        if isEnded { token.invalidate() }
    }

    /// Calls the handler with a change of the property at `keyPath`.
    func deliver(_ change: KeyValueChange, of keyPath: AnyKeyPath) {
        guard let object, let handler = lock.withLock({ handler }) else { return }
        handler(object, keyPath, change)
    }

    @usableFromInline
    func invalidate() {
        _ = endRegistration()
    }

    @usableFromInline
    func endRegistration() -> Bool {
        let (released, removed) = lock.withLock {
            defer {
                handler = nil
                tokens = []
            }
            return (handler, tokens)
        }
        guard released != nil else { return false }
        if let object { ObjectHome.of(object)?.removeWholeObjectObservation(self) }
        Self.filterLock.withLock {
            // Bits stay set until no object is observed whole: a stale bit costs a look-up,
            // while clearing one would mean recomputing the filter from every object.
            if Self.activeCount.subtract(1, ordering: .relaxed).newValue == 0 {
                Self.filter.store(0, ordering: .relaxed)
            }
        }
        for token in removed { token.invalidate() }
        // The handler is released here, outside the locks.
        withExtendedLifetime(released) {}
        return true
    }

    @usableFromInline
    func registryDidEnd() {
        if object == nil { invalidate() }
    }

    @usableFromInline
    var isAlive: Bool { object != nil }

    /// `nil`: `removeObserver` never matches a whole-object observation.
    @usableFromInline var identity: ObserverIdentity? { nil }

    @usableFromInline
    var isValid: Bool {
        lock.withLock { handler != nil } && object != nil
    }

    var snapshotRegistration: ObservationSnapshot.Registration {
        ObservationSnapshot.Registration(
            options: [.new], observer: "whole object", context: nil, site: RegistrationSites.site(of: self))
    }
}
