/// Ends a derived observation with its root when its key path reads no `@Observed` storage of
/// the root.
///
/// That is, when it registers or from a re-wiring on: a view model's computed property over a
/// shared model (`var doubled: Int { source.value * 2 }` with `let source`), or a chain whose
/// first step is a constant. A key path of the root notified by hand is no such storage.
///
/// Such an observation's dependency entries all live in other objects' registries, so no
/// registry of the root ends it when the root deallocates (Swift on Linux has no deinit hook
/// and no associated objects). The anchor is an inert entry in one of the root's own
/// registries, which makes the root's end reach the observation, and which
/// `removeObserver(_:)` finds among the root's registries:
///
/// - in the registry of one of the root's `@Observed` properties, when one has a registry
///   (found as `ObjectRegistries` finds them): the storage's `deinit`, when the root
///   deallocates, ends the observation, as it ends a direct registration;
/// - otherwise in the registry of the key path itself in the root's home (`ObjectHome`).
///   When the key path reads only `ObservableProperty`s that the root holds, their registries'
///   ends (with the root, unless something else holds them) end the observation. Otherwise
///   the root gives no sign of its end, and the documented rule applies: the observation
///   ends when it is invalidated, at the first change of what it reads once the root is gone,
///   or when the table of observed objects drops the root's entry; until then it is valid and
///   holds its handler. Debug builds report the registration once per key path.
///
/// The anchor's entry calls nothing on delivery (`DependencyOwner` with empty changes), is
/// neither counted nor listed in snapshots (`RegistryCore.liveEntries()`), and leaves its
/// registry when the observation ends.
///
/// Ownership: the entry holds this anchor, which holds the observation, as a dependency entry
/// does; the observation holds the entry's token.
final class RootLifetimeAnchor: DependencyOwner, @unchecked Sendable {
    // Sendable: immutable; the observation is itself Sendable.
    private let observation: any RegistrationOwner

    private init(observation: any RegistrationOwner) {
        self.observation = observation
    }

    /// Adds the anchor of `observation`, a derived observation of `keyPath` on `root`, in one
    /// of `root`'s registries; `accesses`, what the key path read, name it in the debug
    /// diagnostic.
    ///
    /// - Returns: The anchor's registration, which the observation ends with itself, and
    ///   whether its registry is `@Observed` storage, which ends with the root.
    /// - Complexity: O(*p*), where *p* is the number of stored properties of `root`.
    static func anchor<Root: AnyObject, Value>(
        _ observation: any RegistrationOwner, on root: Root, keyPath: KeyPath<Root, Value>,
        reading accesses: TrackedAccesses, registeredBy entry: EntryBase
    ) -> (registration: any Registration, endsWithRoot: Bool) {
        let anchor = RootLifetimeAnchor(observation: observation)
        let registry: RegistryCore
        let endsWithRoot: Bool
        if let observed = ObjectRegistries.firstObserved(of: root) {
            registry = observed
            endsWithRoot = true
        } else {
            endsWithRoot = false
            // An `ObservableProperty` the root holds ends with the root, unless something else
            // holds it too, and its registry's end then ends the observation: no message for a
            // key path that reads only such properties.
            let held = ObjectRegistries.heldProperties(of: root)
            if !accesses.allSatisfy({ access in held.contains { $0.registry === access.registry } }) {
                ObservationDiagnostics.rootGivesNoSignOfItsEnd(
                    keyPath, of: root, reading: accesses, registeredBy: entry)
            }
            registry = ObjectHome.creatingIfNeeded(for: root)
                .registryCreatingIfNeeded(for: keyPath, of: Value.self)
        }
        let registration = registry.addDependency(owner: anchor, priorCalls: .none)
        return (registration, endsWithRoot)
    }

    /// The identity of the observation it anchors, as its dependency entries report it
    /// (`EntryBase.registrationID`), so that the object counts it once.
    var registrationID: ObjectIdentifier { ObjectIdentifier(observation) }

    func dependencyWillChange(isStored: Bool, from registry: ObjectIdentifier) {}

    func dependencyDidChange(from registry: ObjectIdentifier) {}

    /// `false`: a manual change of a key path never reaches the anchor.
    func observes(root: ObjectIdentifier, keyPath: AnyKeyPath) -> Bool { false }

    func endRegistration() -> Bool { observation.endRegistration() }

    func registryDidEnd() { observation.registryDidEnd() }

    var isAlive: Bool { observation.isAlive }

    /// The identity of the observation it anchors, so that `removeObserver` finds the anchor.
    var identity: ObserverIdentity? { observation.identity }
}
