extension KeyValueObservable {
    /// Registers `observer` to receive changes of `keyPath` through
    /// `observeValue(forKeyPath:of:change:context:)`, as KVO's
    /// `addObserver(_:forKeyPath:options:context:)`.
    ///
    /// The observer is held weakly: when it deallocates its registrations disappear, with no
    /// need (and no harm) to remove them. Registering the same observer twice makes two
    /// registrations. Calls run synchronously on the setting thread, before the setter
    /// returns; with `.initial`, once before this method returns.
    ///
    /// - Parameters:
    ///   - observer: The observer; not retained.
    ///   - keyPath: The value to observe (an `@Observed` property, a computed property or a chain).
    ///   - options: Which values to report and when.
    ///   - context: An identity to tell this registration apart when removing it; `nil` by default.
    ///   - file: Where the registration is made, for ``observationSnapshot``; the caller's
    ///     `#fileID` by default, kept by debug builds of the library only.
    ///   - line: The line of the registering call; `#line` by default (see `file`).
    /// - Complexity: O(*d*), where *d* is the number of `@Observed` reads of the key path.
    ///
    /// Inlinable so that the callback is specialized for the caller's types (observe-bench W1).
    @inlinable
    @inline(__always)
    public func addObserver<Value>(
        _ observer: any KeyValueObserver,
        forKeyPath keyPath: KeyPath<Self, Value>,
        options: KeyValueObservingOptions = [],
        context: ObservationContext? = nil,
        file: StaticString = #fileID,
        line: UInt = #line
    ) {
        let (value, accesses) = AccessTracking.track { self[keyPath: keyPath] }
        let storage = storageKeyPath(of: keyPath, in: accesses)
        guard options.contains(.removeDuplicates) else {
            // The common case: one entry that holds the observer unowned (not retained) and calls
            // it with the change the notification shares between observer entries.
            let entry = ObserverEntry<Value>(
                observer: observer, root: ObjectIdentifier(self), keyPath: keyPath, storageKeyPath: storage,
                options: options, context: context)
            RegistrationSites.record(entry, file: file, line: line, delivery: "synchronous")
            _ = register(keyPath, entry: entry, value: value, accesses: accesses)
            return
        }
        let callback = EntryCallbacks<Self, Value>.callback(options: options) {
            [weak observer] object, change in
            guard let observer else { return false }
            observer.observeValue(
                forKeyPath: keyPath, of: object, change: KeyValueChange(change), context: context)
            return true
        }
        let identity = ObserverIdentity(
            observer: ObjectIdentifier(observer), root: ObjectIdentifier(self), keyPath: keyPath,
            storageKeyPath: storage, context: context)
        // No token owns this registration: it lives until removed or until the observer (its
        // anchor) or this object deallocates.
        let entry = ExtendedRegistryEntry<Value>(
            options: options, identity: identity, isOwnedByToken: false, anchor: observer, callback: callback)
        RegistrationSites.record(entry, file: file, line: line, delivery: "synchronous")
        _ = register(keyPath, entry: entry, value: value, accesses: accesses)
    }

    /// Removes the most recent registration of `observer` for `keyPath` made with exactly
    /// `context`, as KVO's `removeObserver(_:forKeyPath:context:)`, but without KVO's crash:
    /// removing what is not registered returns `false`.
    ///
    /// A `nil` context matches only registrations made with `nil`. For an `@Observed` property,
    /// a key path formed on a subclass (`\Sub.title`) matches a registration made with the
    /// superclass's key path; a key path notified by hand matches only itself.
    /// Safe from inside a notification (also the observer's own): the removed registration
    /// receives nothing more.
    ///
    /// - Parameters:
    ///   - observer: The registered observer.
    ///   - keyPath: The key path it registered for.
    ///   - context: The context it registered with.
    /// - Returns: `true` if a registration was removed, `false` if none matched.
    /// - Complexity: O(*n*), where *n* is the number of registrations on the property.
    ///
    /// Inlinable so that the key path's tracked read is specialized for the caller's types
    /// (unspecialized, it looks up generic metadata: observe-bench c W4).
    @inlinable
    @discardableResult
    public func removeObserver<Value>(
        _ observer: any KeyValueObserver,
        forKeyPath keyPath: KeyPath<Self, Value>,
        context: ObservationContext? = nil
    ) -> Bool {
        let (_, accesses) = AccessTracking.track { self[keyPath: keyPath] }
        return removeObserver(observer, forKeyPath: keyPath, reading: accesses, context: context)
    }

    /// Removes the most recent registration of `observer` for `keyPath`, which read `accesses`,
    /// made with exactly `context` (see `removeObserver(_:forKeyPath:context:)`).
    @usableFromInline
    func removeObserver<Value>(
        _ observer: any KeyValueObserver, forKeyPath keyPath: KeyPath<Self, Value>,
        reading accesses: TrackedAccesses, context: ObservationContext?
    ) -> Bool {
        let storage = storageKeyPath(of: keyPath, in: accesses)
        func removesEntry(from registry: RegistryCore) -> Bool {
            registry.removeLastEntry(
                observer: ObjectIdentifier(observer), root: ObjectIdentifier(self), keyPath: keyPath,
                storageKeyPath: storage, context: context)
        }
        for access in accesses where removesEntry(from: access.registry) { return true }
        return otherRegistries(of: keyPath, accesses: accesses).contains(where: removesEntry)
    }

    /// The number of live registrations on the `@Observed` storage `keyPath` reads: block
    /// observations, observers, bindings, sequences, and chains through this object.
    ///
    /// Registrations whose observer or binding target has deallocated are not counted.
    ///
    /// - Parameter keyPath: The key path whose storage to inspect.
    /// - Returns: The number of distinct live registrations.
    /// - Complexity: O(*n*), where *n* is the number of registrations on the property.
    public func observerCount<Value>(for keyPath: KeyPath<Self, Value>) -> Int {
        let (_, accesses) = AccessTracking.track { self[keyPath: keyPath] }
        var registrations = Set<ObjectIdentifier>()
        for registry in accesses.map(\.registry) + otherRegistries(of: keyPath, accesses: accesses) {
            registrations.formUnion(registry.liveRegistrationIDs())
        }
        return registrations.count
    }

    /// Removes every registration `observer` made on this object, whatever their key paths
    /// and contexts, as FBKVOController's `unobserve:` does.
    ///
    /// Registrations made by other observers, block observations, and `observer`'s
    /// registrations on other objects stay. Safe from inside a notification (also the
    /// observer's own): the removed registrations receive nothing more. Calling it when
    /// nothing is registered returns 0. The object's `@Observed` properties are found by
    /// reflection, as `Mirror` sees them: a class whose `customMirror` leaves stored
    /// properties out keeps the registrations on those.
    ///
    /// - Parameter observer: The registered observer.
    /// - Returns: The number of registrations removed.
    /// - Complexity: O(*p* + *n*), where *p* is the number of stored properties of the object
    ///   and *n* the number of registrations on it.
    @discardableResult
    public func removeObserver(_ observer: any KeyValueObserver) -> Int {
        var removed = Set<ObjectIdentifier>()
        var owners: [any RegistrationOwner] = []
        for registry in ObjectRegistries.all(of: self) {
            let result = registry.removeEntries(
                ofObserver: ObjectIdentifier(observer), root: ObjectIdentifier(self))
            removed.formUnion(result.removed)
            owners += result.owners
        }
        var ended = Set<ObjectIdentifier>()
        for owner in owners where ended.insert(ObjectIdentifier(owner)).inserted {
            _ = owner.endRegistration()
        }
        return removed.count
    }

    /// The registries that hold registrations of `keyPath` besides those of the storage it reads.
    ///
    /// For a key path that names no single storage: those of the key paths declared as
    /// affecting it, and its own registry if it is notified by hand. None for a
    /// key path that names an `@Observed` property, so that removal stays as it was on the
    /// common path (observe-bench c W4).
    func otherRegistries<Value>(of keyPath: KeyPath<Self, Value>, accesses: TrackedAccesses)
        -> [RegistryCore]
    {
        if namesStorageDirectly(keyPath, in: accesses) { return [] }
        let declared = Self.declaredDependencies(of: keyPath)
        var registries = DeclaredDependencies.adding(declared, on: self, to: TrackedAccesses())
            .map(\.registry)
        if let state = ObjectHome.of(self),
            let registry = state.registry(for: keyPath, of: Value.self)
        {
            registries.append(registry)
        }
        return registries
    }
}
