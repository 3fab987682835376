/// Identifies an observer-protocol registration for `removeObserver(_:forKeyPath:context:)`,
/// which matches observer, key path and context exactly, as KVO does.
@usableFromInline
struct ObserverIdentity: @unchecked Sendable {
    // Sendable: immutable; key paths are immutable objects, compared and hashed only.
    let observer: ObjectIdentifier
    /// The object the registration was made on: a chain's dependency entry sits in the registry
    /// of an intermediate object that other roots' chains may share.
    let root: ObjectIdentifier
    let keyPath: AnyKeyPath
    /// The `@Observed` storage key path the registration's key path reads directly, if it reads
    /// exactly one on the observed object itself; lets `\Sub.title` match `\Base.title`.
    let storageKeyPath: AnyKeyPath?
    let context: ObservationContext?

    @usableFromInline
    init(
        observer: ObjectIdentifier, root: ObjectIdentifier, keyPath: AnyKeyPath, storageKeyPath: AnyKeyPath?,
        context: ObservationContext?
    ) {
        self.observer = observer
        self.root = root
        self.keyPath = keyPath
        self.storageKeyPath = storageKeyPath
        self.context = context
    }

    /// Whether a removal on `root` with `other` (which reads `otherStorage`) and `context` names
    /// this registration.
    ///
    /// Equal key paths match. Beyond that, only the same property named from two classes of a
    /// hierarchy matches: both read the same single storage, their root types differ, and one of
    /// them is the storage's own key path (so `\Sub.title` matches `\Base.title`, while a
    /// computed `\.displayName` that returns `name` never matches `\.name`).
    func matches(
        root: ObjectIdentifier, keyPath other: AnyKeyPath, storageKeyPath otherStorage: AnyKeyPath?,
        context: ObservationContext?
    ) -> Bool {
        guard self.root == root, self.context == context else { return false }
        return Self.keyPath(keyPath, reading: storageKeyPath, matches: other, reading: otherStorage)
    }

    /// The key-path half of `matches`: whether a registration made with `keyPath`, which reads
    /// `storageKeyPath`, is named by a removal with `other`, which reads `otherStorage`.
    ///
    /// Shared with `ObserverEntry`, which compares its own fields without making an identity.
    static func keyPath(
        _ keyPath: AnyKeyPath, reading storageKeyPath: AnyKeyPath?, matches other: AnyKeyPath,
        reading otherStorage: AnyKeyPath?
    ) -> Bool {
        if keyPath == other { return true }
        guard let storageKeyPath, let otherStorage, storageKeyPath == otherStorage,
            type(of: keyPath).rootType != type(of: other).rootType
        else { return false }
        return keyPath == storageKeyPath || other == otherStorage
    }
}
