/// The storage of an `@Observed` property, seen through reflection: its registry, if any.
protocol ObservedStorage {
    var anyRegistry: (RegistryCore)? { get }
}

extension Observed: ObservedStorage {
    var anyRegistry: (RegistryCore)? { registry }
}

/// An `ObservableProperty` seen through reflection or in a key path's root type: the registry
/// that a computed property reading its value depends on.
protocol TrackedObservableProperty: AnyObject {
    var trackedRegistry: RegistryCore { get }
}

extension ObservableProperty: TrackedObservableProperty {
    var trackedRegistry: RegistryCore { registry }
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

    /// The stored properties of `object` that hold an `ObservableProperty`, each with the
    /// property's registry and its name as written in source (`\Player.volume`).
    ///
    /// - Complexity: O(*p*), where *p* is the number of stored properties of the object.
    static func heldProperties(of object: AnyObject) -> [(registry: RegistryCore, name: String)] {
        var held: [(registry: RegistryCore, name: String)] = []
        forEachStoredProperty(of: object) { value, label, declaringType in
            if let property = value as? any TrackedObservableProperty, let label {
                held.append((property.trackedRegistry, "\\\(declaringType).\(label)"))
            }
            return false
        }
        return held
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
        forEachStoredProperty(of: object) { value, label, declaringType in
            guard let storage = value as? any ObservedStorage, let registry = storage.anyRegistry else {
                return false
            }
            let property = label.map { $0.hasPrefix("_") ? String($0.dropFirst()) : $0 }
            registries.append((registry, property.map { "\\\(declaringType).\($0)" }))
            return stoppingAtFirst
        }
        return registries
    }

    /// Calls `body` with each stored property of `object` (its value, label and declaring
    /// class), its superclasses' included, until `body` returns `true`: the library's one use
    /// of runtime reflection (`Mirror` copies each value; a property wrapper's copy shares its
    /// storage's registry).
    private static func forEachStoredProperty(
        of object: AnyObject, _ body: (_ value: Any, _ label: String?, _ declaringType: Any.Type) -> Bool
    ) {
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children where body(child.value, child.label, current.subjectType) { return }
            mirror = current.superclassMirror
        }
    }
}
