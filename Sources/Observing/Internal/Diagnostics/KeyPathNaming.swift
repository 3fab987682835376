/// How Observing's messages and descriptions name a key path.
///
/// Swift on Linux prints a key path to a computed property, or to a property-wrapped one (every
/// `@Observed` property is one), as `\Card.<computed 0x00005587c5d8d710 (Int)>`: an address
/// the reader cannot map to source. The storage of an `@Observed` property prints with its
/// label (`\Card._count`), and an object's registries know their storage, so a message names
/// such a property as written in source (`\Card.count`). A computed key path is named by its
/// root and value types instead (`a computed property of Card (Int)`), and the message adds
/// the registering call's `file:line` where debug builds recorded it.
enum KeyPathNaming {
    /// The name of the `@Observed` property whose storage `storageKeyPath` is, as written in
    /// source: `\Card._count` is `\Card.count`; any other key path as `name(of:on:)` names it.
    static func property(ofStorage storageKeyPath: AnyKeyPath) -> String {
        if type(of: storageKeyPath).rootType is any TrackedObservableProperty.Type {
            return "\(type(of: storageKeyPath).rootType).value"
        }
        let text = "\(storageKeyPath)"
        guard !isUnnamed(text), let dot = text.lastIndex(of: "."),
            text[text.index(after: dot)...].hasPrefix("_")
        else { return name(of: storageKeyPath, on: nil) }
        return String(text[...dot]) + text[text.index(dot, offsetBy: 2)...]
    }

    /// `keyPath` as a message names it: its description when Swift prints a name; an
    /// `@Observed` property of `object` (found among the object's registries) as written in
    /// source; otherwise as a computed property of its root type, with its value type.
    ///
    /// - Complexity: O(1) when Swift prints a name; otherwise O(*p*) for the *p* stored
    ///   properties of `object` (reflection).
    static func name(of keyPath: AnyKeyPath, on object: AnyObject?) -> String {
        let text = "\(keyPath)"
        guard isUnnamed(text) else { return text }
        if let object,
            let registry = ObjectRegistries.all(of: object).first(where: {
                $0.wrappedKeyPath == keyPath && $0.storageKeyPath != keyPath
            })
        {
            return property(ofStorage: registry.storageKeyPath)
        }
        return "a computed property of \(type(of: keyPath).rootType) (\(type(of: keyPath).valueType))"
    }

    /// The properties a key path read, as a message lists them: `\Source.value, \Source.count`;
    /// an `ObservableProperty` that `root` holds by the stored property that holds it
    /// (`\Player.volume.value`), another as `ObservableProperty<Int>.value`.
    ///
    /// - Complexity: O(*p*) for the *p* stored properties of `root` (reflection) when the key
    ///   path read an `ObservableProperty`.
    static func names(of accesses: TrackedAccesses, on root: AnyObject) -> String {
        let held =
            accesses.contains {
                type(of: $0.registry.storageKeyPath).rootType is any TrackedObservableProperty.Type
            }
            ? ObjectRegistries.heldProperties(of: root) : []
        return accesses.map { access in
            if let holder = held.first(where: { $0.registry === access.registry }) {
                return holder.name + ".value"
            }
            return property(ofStorage: access.registry.storageKeyPath)
        }.joined(separator: ", ")
    }

    /// Whether Swift printed a key path without a name.
    private static func isUnnamed(_ description: String) -> Bool {
        description.contains("<computed")
    }
}
