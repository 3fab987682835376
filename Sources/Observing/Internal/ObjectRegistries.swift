/// The storage of an `@Observed` property, seen through reflection: its registry, if any.
protocol ObservedStorage {
    var anyRegistry: (any AnyPropertyRegistry)? { get }
}

extension Observed: ObservedStorage {
    var anyRegistry: (any AnyPropertyRegistry)? { registry }
}

/// Every registry of one object: those of its `@Observed` properties, found by reflection
/// (`Mirror` copies each property wrapper, and the copy shares the storage's registry), and
/// those of its key paths notified by hand.
enum ObjectRegistries {
    /// The registries of `object`, its superclasses' properties included.
    ///
    /// - Complexity: O(*p*), where *p* is the number of stored properties of the object.
    static func all(of object: AnyObject) -> [any AnyPropertyRegistry] {
        var registries: [any AnyPropertyRegistry] = []
        var mirror: Mirror? = Mirror(reflecting: object)
        while let current = mirror {
            for child in current.children {
                if let storage = child.value as? any ObservedStorage, let registry = storage.anyRegistry {
                    registries.append(registry)
                }
            }
            mirror = current.superclassMirror
        }
        if let state = ManualNotificationState.of(object) {
            registries += state.allRegistries
        }
        return registries
    }
}
