import Dispatch

extension KeyValueObservable {
    /// Observes the value at `keyPath` with a closure, as Foundation's
    /// `observe(_:options:changeHandler:)`.
    ///
    /// `keyPath` may name an `@Observed` property, a computed property that reads `@Observed`
    /// properties, or a chain through other `KeyValueObservable` objects
    /// (`\.selectedItem?.badgeValue`). The key path is read once now, to learn which
    /// `@Observed` storage it depends on, so register where you may read the object.
    ///
    /// The handler runs after each set of a property the key path depends on, synchronously
    /// on the setting thread before the setter returns; with `queue`, asynchronously on that
    /// queue, in set order when the queue is serial (the change and the object are retained
    /// until delivered). With `.initial` it also runs once before this method returns (on
    /// `queue` when given). With `.prior` it also runs before each store.
    ///
    /// The handler is retained until the token is invalidated or deallocated, or the object
    /// deallocates. The object is not retained.
    ///
    /// ```swift
    /// let token = profile.observe(\.unread, options: [.old, .new]) { profile, change in
    ///     print(change.oldValue ?? 0, "->", change.newValue ?? 0)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: Which values to report and when; see `KeyValueObservingOptions`.
    ///   - queue: Where to run the handler; `nil` (the default) means synchronously on the
    ///     setting thread.
    ///   - changeHandler: Receives the object and each change.
    /// - Returns: The token that keeps the observation alive; invalidate or drop it to stop.
    /// - Complexity: O(*d*) to register, where *d* is the number of `@Observed` reads of the
    ///   key path; O(1) amortized to invalidate.
    ///
    /// Inlinable so that the closure that delivers each change is specialized in the caller's
    /// module for its types (observe-bench W1/W2); the registration itself is out of line.
    @inlinable
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: KeyValueObservingOptions = [],
        queue: DispatchQueue? = nil,
        changeHandler: @escaping @Sendable (Self, KeyValueObservedChange<Value>) -> Void
    ) -> ObservationToken {
        let delivery = Self.delivery(on: queue, changeHandler)
        let wantsNew = options.contains(.new)
        let wantsOld = options.contains(.old)
        let entryCallback: RegistryEntry<Value>.Callback
        if queue == nil {
            entryCallback = { object, change in
                changeHandler(
                    unsafeDowncast(object, to: Self.self), change.filtered(new: wantsNew, old: wantsOld))
                return true
            }
        } else {
            entryCallback = { object, change in
                delivery(unsafeDowncast(object, to: Self.self), change.filtered(new: wantsNew, old: wantsOld))
                return true
            }
        }
        let registration = register(keyPath, options: options, entryCallback: entryCallback) {
            object, change in
            delivery(object, change)
            return true
        }
        return ObservationToken(registration)
    }

    /// Registers `delivery` for the changes of `keyPath`: the common path of `observe`,
    /// `addObserver`, bindings and sequences.
    ///
    /// `delivery` returns `false` when it can no longer deliver (its observer is gone).
    /// `anchor`, when given, bounds the registration's liveness (a weakly held observer, a
    /// binding's target): once it deallocates the registration is neither counted nor called.
    /// `identity` marks an observer-protocol registration, which no token owns: it lives until
    /// removed, or until its anchor or the object deallocates.
    ///
    /// `entryCallback`, when given, is what a direct registration's entry calls: the same as
    /// `delivery` with the options' filtering, but built by an inlinable caller so that it is
    /// specialized. Without it, one is made here from `delivery`.
    @usableFromInline
    func register<Value>(
        _ keyPath: KeyPath<Self, Value>, options: KeyValueObservingOptions, anchor: AnyObject? = nil,
        identity: ObserverIdentity? = nil, entryCallback: RegistryEntry<Value>.Callback? = nil,
        delivery: @escaping (Self, KeyValueObservedChange<Value>) -> Bool
    ) -> any Registration {
        let (value, accesses) = AccessTracking.track { self[keyPath: keyPath] }
        let registration: any Registration
        if let registry = directRegistry(for: keyPath, in: accesses) {
            var callback: RegistryEntry<Value>.Callback =
                entryCallback ?? { object, change in
                    delivery(unsafeDowncast(object, to: Self.self), change.filtered(by: options))
                }
            if options.contains(.removeDuplicates), let equal = equalityCheck(for: Value.self) {
                callback = { [callback] object, change in
                    isDuplicate(change, options: options, equal: equal) ? true : callback(object, change)
                }
            }
            let entry = RegistryEntry<Value>(
                options: options, identity: identity, isOwnedByToken: identity == nil, anchor: anchor,
                callback: callback)
            registry.add(entry)
            registration = RegistryEntryHandle(registry: registry, entry: entry)
        } else {
            let derived = DerivedObservation(
                root: self, keyPath: keyPath, options: options, identity: identity, anchor: anchor,
                value: value,
                delivery: delivery)
            derived.start(accesses: accesses)
            registration = derived
        }
        if options.contains(.initial) {
            _ = delivery(self, KeyValueObservedChange(newValue: options.contains(.new) ? value : nil))
        }
        return registration
    }

    /// The registry of the `@Observed` storage `keyPath` names directly on this object, if it
    /// names exactly one; changes can then be delivered without evaluating the key path.
    func directRegistry<Value>(for keyPath: KeyPath<Self, Value>, in accesses: [TrackedAccess])
        -> PropertyRegistry<Value>?
    {
        guard accesses.count == 1, let access = accesses.first, access.keyPath == keyPath,
            access.object == ObjectIdentifier(self)
        else { return nil }
        return access.registry as? PropertyRegistry<Value>
    }

    /// The storage key path of the single `@Observed` property `accesses` read on this object,
    /// which identifies the property whatever class the key path was formed on.
    func storageKeyPath<Value>(of keyPath: KeyPath<Self, Value>, in accesses: [TrackedAccess]) -> AnyKeyPath?
    {
        guard accesses.count == 1, let access = accesses.first, access.object == ObjectIdentifier(self),
            type(of: access.keyPath).valueType == Value.self
        else { return nil }
        return access.keyPath
    }

    @inlinable
    static func delivery<Value>(
        on queue: DispatchQueue?,
        _ handler: @escaping @Sendable (Self, KeyValueObservedChange<Value>) -> Void
    ) -> (Self, KeyValueObservedChange<Value>) -> Void {
        guard let queue else { return handler }
        return { object, change in
            // The object and change travel to the queue with the handler; the handler is
            // `@Sendable` and the caller chose that queue for them.
            let call = UncheckedSendable(value: { handler(object, change) })
            queue.async { call.value() }
        }
    }
}
