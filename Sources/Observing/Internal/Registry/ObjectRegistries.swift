/// The storage of an `@Observed` property, seen through reflection: its registry, if any.
protocol ObservedStorage {
    var anyRegistry: (RegistryCore)? { get }
}

extension Observed: ObservedStorage {
    var anyRegistry: (RegistryCore)? { registry }
}

/// Every registry of one object: those of its `@Observed` properties, found by reflection
/// (`Mirror` copies each property wrapper, and the copy shares the storage's registry), and
/// those of its key paths notified by hand.
enum ObjectRegistries {
    /// The registries of `object`, its superclasses' properties included.
    ///
    /// - Complexity: O(*p*), where *p* is the number of stored properties of the object.
    static func all(of object: AnyObject) -> [RegistryCore] {
        named(of: object).map(\.registry)
    }

    /// The registry of one of `object`'s `@Observed` properties, if any has one: storage that
    /// ends with the object (`RootLifetimeAnchor`).
    ///
    /// - Complexity: O(*p*), where *p* is the number of stored properties of the object.
    static func firstObserved(of object: AnyObject) -> RegistryCore? {
        observed(of: object, stoppingAtFirst: true).first?.registry
    }

    /// The registries of `object` as `all(of:)` finds them, each `@Observed` one with its
    /// property's key path as written in source (`\Profile.unread`, from the class the mirror
    /// shows declaring it and the storage's label without its underscore); `nil` for a key
    /// path notified by hand, which prints itself.
    static func named(of object: AnyObject) -> [(registry: RegistryCore, name: String?)] {
        var registries = observed(of: object, stoppingAtFirst: false)
        if let state = ObjectHome.of(object) {
            registries += state.allRegistries.map { ($0, nil) }
        }
        return registries
    }

    /// The registries of `object`'s `@Observed` properties, named as `named(of:)` names them;
    /// only the first one found when `stoppingAtFirst`.
    private static func observed(of object: AnyObject, stoppingAtFirst: Bool)
        -> [(registry: RegistryCore, name: String?)]
    {
        var registries: [(registry: RegistryCore, name: String?)] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                if let storage = child.value as? any ObservedStorage, let registry = storage.anyRegistry {
                    let property = child.label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }
                    registries.append((registry, property.map { "\\\(current.subjectType).\($0)" }))
                    if stoppingAtFirst { return registries }
                }
            }
            mirror = current.superclassMirror
        }
        return registries
    }
}
