/// Something that owns entries in several registries and describes itself once for a
/// snapshot: a derived observation, a whole-object observation.
protocol SnapshotDescribable: AnyObject {
    /// The registration as a snapshot lists it.
    var snapshotRegistration: ObservationSnapshot.Registration { get }
}

extension ObservationSnapshot {
    /// Takes the snapshot of `object`.
    ///
    /// Each registry's live entries are copied under its lock (as a notification copies
    /// them) and described after the lock is released. Calls no user code: descriptions read
    /// only the library's own records and the observers' types.
    ///
    /// - Complexity: O(*p* + *r*), where *p* is the number of stored properties of the object
    ///   and *r* the number of its registrations.
    init(of object: AnyObject) {
        var properties: [Property] = []
        var whole: [ObjectIdentifier: Registration] = [:]
        var wholeOrder: [ObjectIdentifier] = []
        var registrationIDs = Set<ObjectIdentifier>()
        func addWhole(_ observation: WholeObjectObservation) {
            let id = ObjectIdentifier(observation)
            registrationIDs.insert(id)
            guard whole[id] == nil else { return }
            whole[id] = observation.snapshotRegistration
            wholeOrder.append(id)
        }
        for (registry, name) in ObjectRegistries.named(of: object) {
            var registrations: [Registration] = []
            for entry in registry.liveEntries() {
                if let observation = entry.owner as? WholeObjectObservation {
                    addWhole(observation)
                    continue
                }
                registrationIDs.insert(entry.registrationID)
                registrations.append(Self.registration(describing: entry))
            }
            // A derived registration of this object that reads only other objects' storage is
            // counted here too, through its anchor (it is listed under what it reads).
            registrationIDs.formUnion(registry.liveAnchoredRegistrationIDs())
            if !registrations.isEmpty {
                properties.append(
                    Property(
                        keyPath: registry.wrappedKeyPath,
                        name: name ?? KeyPathNaming.name(of: registry.wrappedKeyPath, on: nil),
                        registrations: registrations))
            }
        }
        for observation in WholeObjectObservation.observations(of: object) { addWhole(observation) }
        self.init(
            typeName: String(describing: type(of: object)), properties: properties,
            wholeObjectRegistrations: wholeOrder.compactMap { whole[$0] },
            registrationCount: registrationIDs.count)
    }

    /// The description of one live entry: its owner's, for a dependency entry; otherwise its
    /// own, with its observer (an `addObserver` registration has an identity) and its record.
    static func registration(describing entry: EntryBase) -> Registration {
        if let owner = entry.owner as? any SnapshotDescribable { return owner.snapshotRegistration }
        let identity = entry.identity
        let observer =
            identity == nil ? "closure" : entry.anchor.map { String(describing: type(of: $0)) } ?? "observer"
        return Registration(
            options: entry.options, observer: observer, context: identity?.context?.name,
            site: RegistrationSites.site(of: entry))
    }
}

extension ObservationSnapshot.Registration {
    /// A description with the call site and delivery of `site`, when one was recorded.
    init(
        options: KeyValueObservingOptions, observer: String, context: String?,
        derivedKeyPath: AnyKeyPath? = nil,
        site: RegistrationSites.Site?
    ) {
        self.init(
            options: options, observer: observer, context: context, derivedKeyPath: derivedKeyPath,
            delivery: site?.delivery, file: site?.file, line: site?.line)
    }
}
