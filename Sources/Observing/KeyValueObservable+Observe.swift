import Dispatch

extension KeyValueObservable {
    /// Observes the value at `keyPath` with a closure, as Foundation's
    /// `observe(_:options:changeHandler:)`, calling it in the isolation it was written in.
    ///
    /// `keyPath` may name an `@Observed` property, a computed property that reads `@Observed`
    /// properties, or a chain through other `KeyValueObservable` objects
    /// (`\.selectedItem?.badgeValue`). The key path is read once now, to learn which
    /// `@Observed` storage it depends on; the first registration on a property also creates
    /// its registry in the object's storage, so register in the object's isolation domain, as
    /// for a set. A computed key path also depends on the key paths its class declares with
    /// `keyPathsForValuesAffectingValue(for:)`, as in KVO.
    ///
    /// A key path that reads no `@Observed` property (a plain `var`, a computed property over
    /// a cache) is notified only by hand, with `willChangeValue(for:)` and
    /// `didChangeValue(for:)`, as KVO's manual notification. The registration is real: counted
    /// by `observerCount(for:)`, removable, ended when the object deallocates. Unless the class
    /// returns `false` from `automaticallyNotifiesObservers(for:)` for that key path, debug
    /// builds print one diagnostic per type and key path on standard error, since this is
    /// most often a forgotten `@Observed`
    /// (`Observing: \Settings.theme (registered at App/Settings.swift:12) reads no @Observed
    /// property; ...`).
    ///
    /// The handler runs after each set of a property the key path depends on (or each
    /// manual notification of it), synchronously on the setting thread before the setter
    /// returns. With `.initial` it also runs once before this method returns; with `.prior` it
    /// also runs before each store. To end the observation from inside the handler, the
    /// `.initial` call included, use `observe(_:options:changeHandlerWithToken:)`, whose
    /// handler also receives the token.
    ///
    /// **Isolation.** Written inside a `@MainActor` class or an actor, the closure is
    /// isolated to that actor, as a closure passed to `Task.init` is: it may read and write
    /// the actor's state and capture the actor's non-`Sendable` objects, with no annotation.
    /// Such a handler only ever runs on its actor: set the property there. A set made
    /// elsewhere traps, naming the key path and the actor, as `MainActor.assumeIsolated` does
    /// (the dynamic isolation check of SE-0423), instead of running the handler off its actor.
    /// Written in a nonisolated context, the closure is `@Sendable`, captures only `Sendable`
    /// values, and runs on whatever thread sets the property, with no check. To receive
    /// changes made on other threads, register from a nonisolated context, or pass a queue to
    /// `observe(_:options:queue:file:line:changeHandler:)`, whose handler takes its isolation
    /// the same way and runs on its actor (with `queue: .main`, on the main queue).
    ///
    /// The handler is retained until the token is invalidated or deallocated, or the object
    /// deallocates. The object is not retained. (For a key path notified only by hand, which
    /// no storage of the object holds, the object's end is noticed later: the token turns
    /// invalid at once, and the handler is released when the token ends, or when the
    /// table of observed objects next drops the entries of deallocated objects. A key path
    /// that reads only other objects' storage ends with the object when one of the object's
    /// own `@Observed` properties is observed when it registers; otherwise the token stays
    /// valid, with the handler, until it is invalidated, what the key path reads next
    /// changes, or the table of observed objects drops the object's entry (when its identity is
    /// reused or the table grows), and debug builds say so once per key path.)
    ///
    /// ```swift
    /// @MainActor final class UnreadLabel {
    ///     var text = ""
    ///     var tokens: [ObservationToken] = []
    ///     init(profile: Profile) {
    ///         profile.observe(\.unread, options: [.initial, .new]) { profile, change in
    ///             self.text = "\(change.newValue ?? 0) unread"     // main-actor state
    ///         }.store(in: &tokens)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: Which values to report and when; see `KeyValueObservingOptions`.
    ///   - file: Where the registration is made, for ``observationSnapshot``; the caller's
    ///     `#fileID` by default, kept by debug builds of the library only.
    ///   - line: The line of the registering call; `#line` by default (see `file`).
    ///   - changeHandler: Receives the object and each change, in the isolation it was
    ///     written in.
    /// - Returns: The token that keeps the observation alive; invalidate or drop it to stop.
    /// - Complexity: O(*d*) to register, where *d* is the number of `@Observed` reads of the
    ///   key path; O(1) amortized to invalidate.
    ///
    /// Inlinable so that the closure that delivers each change is specialized in the caller's
    /// module for its types (observe-bench W1/W2); the registration itself is out of line.
    @inlinable
    @inline(__always)
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: KeyValueObservingOptions = [],
        file: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext changeHandler:
            @escaping @isolated(any) @Sendable (
                Self, KeyValueObservedChange<Value>
            ) -> Void
    ) -> ObservationToken {
        observe(
            keyPath, options: options, queue: nil, file: file, line: line,
            delivery: RegistrationSites.delivery(isolatedTo: changeHandler.isolation),
            changeHandler: IsolatedObjectHandler(call: changeHandler).checked(keyPath, file: file, line: line)
        )
    }

    /// Observes the value at `keyPath` with a closure run on `queue`, in the isolation it was
    /// written in: the form that lets main-actor code receive, on the main queue, changes set
    /// on other threads.
    ///
    /// What the key path may be and what is retained are as for
    /// `observe(_:options:changeHandler:)`. The handler runs asynchronously, after the set (the
    /// change and the object are retained until delivered; a set made from the object's
    /// `deinit` is not delivered, since the object cannot outlive its `deinit`, while
    /// synchronous handlers see it). With `.initial` it also runs once, the same way. Once the
    /// token is invalidated, nothing more is delivered, including changes already waiting on
    /// the queue or on the handler's actor.
    ///
    /// **Isolation.** Written in a nonisolated context, the closure is `@Sendable`, captures
    /// only `Sendable` values, and runs on `queue`, in set order when the queue is serial.
    /// Written inside a `@MainActor` class, a `@MainActor` function or an actor, it is isolated
    /// to that actor, as the closure of `observe(_:options:changeHandler:)` is: it may use the
    /// actor's state and capture its non-`Sendable` objects, with no annotation, and it only
    /// ever runs on that actor, whatever thread sets the property. With `queue: .main` and the
    /// main actor, it runs on the main queue, which is the main actor's, in set order. With any
    /// other queue, each change goes to `queue` first, and the queue's block sends the call on
    /// to the handler's actor (for the main actor, to the main queue): the handler runs there,
    /// after the queue, in the order the queue sent the calls (set order when the queue is
    /// serial). A closure written in `@MainActor` code is isolated to the main actor even when
    /// it uses none of its state, so `queue: .global()` there also runs the handler on the main
    /// actor. To run such a handler on the queue itself, as a plain `@Sendable` closure, pass
    /// the queue as a `DispatchQueue?` (`queue: Optional(worker)`, or `nil` for the setting
    /// thread), which selects the `@Sendable` form of this method, or register from a
    /// nonisolated context.
    ///
    /// ```swift
    /// @MainActor final class UnreadLabel {
    ///     var text = ""
    ///     var tokens: [ObservationToken] = []
    ///     init(profile: Profile) {
    ///         profile.observe(\.unread, options: [.new], queue: .main) { profile, change in
    ///             self.text = "\(change.newValue ?? 0) unread"   // main-actor state
    ///         }.store(in: &tokens)
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: Which values to report and when; see `KeyValueObservingOptions`.
    ///   - queue: Where each change goes; the handler runs there, or on its actor after it
    ///     (see above).
    ///   - file: Where the registration is made, for ``observationSnapshot``; the caller's
    ///     `#fileID` by default, kept by debug builds of the library only.
    ///   - line: The line of the registering call; `#line` by default (see `file`).
    ///   - changeHandler: Receives the object and each change, in the isolation it was
    ///     written in.
    /// - Returns: The token that keeps the observation alive; invalidate or drop it to stop.
    /// - Complexity: O(*d*) to register, where *d* is the number of `@Observed` reads of the
    ///   key path; O(1) amortized to invalidate.
    @inlinable
    @inline(__always)
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: KeyValueObservingOptions = [],
        queue: DispatchQueue,
        file: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext changeHandler:
            @escaping @isolated(any) @Sendable (
                Self, KeyValueObservedChange<Value>
            ) -> Void
    ) -> ObservationToken {
        // The queue's block runs on the actor (the main queue), or sends the call on to it.
        observe(
            keyPath, options: options, queue: queue, then: ActorHop.after(queue, to: changeHandler.isolation),
            file: file, line: line,
            delivery: RegistrationSites.delivery(on: queue, isolatedTo: changeHandler.isolation),
            changeHandler: IsolatedObjectHandler(call: changeHandler).checked(keyPath, file: file, line: line)
        )
    }

    /// Observes the value at `keyPath` with a `@Sendable` closure, on `queue` or synchronously
    /// on the setting thread, as Foundation's `observe(_:options:changeHandler:)`.
    ///
    /// What the key path may be, when the handler runs and what is retained are as for
    /// `observe(_:options:changeHandler:)`, except that the handler is not isolated to an
    /// actor: it runs on `queue`, asynchronously, in set order when the queue is serial (the
    /// change and the object are retained until delivered; a set made from the object's
    /// `deinit` is not delivered on a queue, since the object cannot outlive its `deinit`,
    /// while synchronous handlers see it). With `.initial` it also runs once, on `queue`. With
    /// `nil`, it runs synchronously on whatever thread sets the property. Once the token is
    /// invalidated, nothing more is delivered, including changes already waiting on the queue.
    ///
    /// This form takes the queue as a `DispatchQueue?`: `nil`, or an optional, selects it
    /// wherever the call is written. A `DispatchQueue` (`.main`, `.global()`, a queue
    /// constant) selects the form that takes the handler in its isolation,
    /// `observe(_:options:queue:file:line:changeHandler:)` with a non-optional queue, which
    /// this one yields to (it is disfavored); from a nonisolated context both run a handler
    /// the same way.
    ///
    /// ```swift
    /// let worker: DispatchQueue? = DispatchQueue(label: "worker")
    /// let token = profile.observe(\.unread, options: [.new], queue: worker) { profile, change in
    ///     print("unread:", change.newValue ?? 0)          // on `worker`, in set order
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: Which values to report and when; see `KeyValueObservingOptions`.
    ///   - queue: Where to run the handler; `nil` means synchronously on the setting thread.
    ///   - file: Where the registration is made, for ``observationSnapshot``; the caller's
    ///     `#fileID` by default, kept by debug builds of the library only.
    ///   - line: The line of the registering call; `#line` by default (see `file`).
    ///   - changeHandler: Receives the object and each change.
    /// - Returns: The token that keeps the observation alive; invalidate or drop it to stop.
    /// - Complexity: O(*d*) to register, where *d* is the number of `@Observed` reads of the
    ///   key path; O(1) amortized to invalidate.
    @inlinable
    @inline(__always)
    @_disfavoredOverload
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: KeyValueObservingOptions = [],
        queue: DispatchQueue?,
        file: StaticString = #fileID,
        line: UInt = #line,
        changeHandler: @escaping @Sendable (Self, KeyValueObservedChange<Value>) -> Void
    ) -> ObservationToken {
        observe(
            keyPath, options: options, queue: queue, file: file, line: line,
            delivery: RegistrationSites.delivery(on: queue), changeHandler: changeHandler)
    }

    /// `observe(_:options:queue:file:line:changeHandler:)`, recording `delivery` as how the
    /// handler runs (see `RegistrationSites`; not formed in release builds); with `hop`, the
    /// queue's block sends each call on to the handler's actor (`ActorHop`).
    @inlinable
    @inline(__always)
    func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: KeyValueObservingOptions,
        queue: DispatchQueue?,
        then hop: ActorHop? = nil,
        file: StaticString,
        line: UInt,
        delivery: @autoclosure () -> String,
        changeHandler: @escaping @Sendable (Self, KeyValueObservedChange<Value>) -> Void
    ) -> ObservationToken {
        let entry: RegistryEntry<Value>
        if queue != nil || options.contains(.removeDuplicates) {
            let (delivery, queued) = EntryCallbacks<Self, Value>.delivery(
                on: queue, then: hop,
                skipping: { (object: Self, _: KeyValueObservedChange<Value>) in isDeinitializing(object) },
                { changeHandler($0.0, $0.1) })
            let callback = EntryCallbacks<Self, Value>.callback(options: options) { object, change in
                delivery((object, change))
                return true
            }
            entry = RegistryEntry(options: options, isOwnedByToken: true, callback: callback)
            queued?.stops(with: entry)
        } else {
            // The common case: the entry holds the handler itself, so that registering
            // allocates no wrapping closure and a delivery makes one closure call.
            let handler = ObservedObjectHandler<Self, Value>(call: changeHandler)
            entry = RegistryEntry(options: options, handler: handler)
        }
        RegistrationSites.record(entry, file: file, line: line, delivery: delivery())
        return ObservationToken(register(keyPath, entry: entry))
    }

    /// Registers `entry` for the changes of `keyPath`: the common path of `observe`,
    /// `addObserver`, bindings and sequences.
    ///
    /// The entry is made by the (inlinable) caller, so that its callback is specialized for
    /// the caller's types. A direct key path adds it to the property's registry; any other
    /// key path becomes a derived observation that calls the entry's callback. With `.initial`
    /// the callback also runs once, now.
    ///
    /// - Complexity: O(*d*), where *d* is the number of `@Observed` reads of the key path.
    ///
    /// Inlinable: inlined into `observe` at a call site with a key-path literal, the tracked
    /// read becomes a direct call of the property's getter instead of a key-path projection.
    @inlinable
    @inline(__always)
    func register<Value>(_ keyPath: KeyPath<Self, Value>, entry: RegistryEntry<Value>) -> Registered {
        let (value, accesses) = AccessTracking.track { self[keyPath: keyPath] }
        return register(keyPath, entry: entry, value: value, accesses: accesses)
    }

    /// Registers `entry` with the result of a tracked read of `keyPath` the caller made.
    @inlinable
    @inline(__always)
    func register<Value>(
        _ keyPath: KeyPath<Self, Value>, entry: RegistryEntry<Value>, value: Value, accesses: TrackedAccesses
    ) -> Registered {
        let registration: Registered
        if let registrations = accesses.addToSingleStorage(
            entry, of: ObjectIdentifier(self), namedBy: keyPath)
        {
            #if OBSERVING_INTERNAL_CHECKS
                let registry = accesses.single?.registry
                precondition(
                    registry is PropertyRegistry<Value>, "registry of \(String(describing: registry))")
            #endif
            registration = .entry(registrations, Unmanaged.passUnretained(entry))
        } else {
            registration = registerDerived(keyPath, entry: entry, value: value, accesses: accesses)
        }
        if entry.options.contains(.initial) {
            _ = entry.deliver(KeyValueObservedChange(newValue: value), of: self)
        }
        return registration
    }

    /// Registers a key path that is not a single `@Observed` storage of this object: a
    /// derived observation of what it reads and what the class declares as affecting it, or,
    /// when that is nothing, a registration notified only by hand.
    @usableFromInline
    func registerDerived<Value>(
        _ keyPath: KeyPath<Self, Value>, entry: RegistryEntry<Value>, value: Value, accesses: TrackedAccesses
    ) -> Registered {
        let declared = Self.declaredDependencies(of: keyPath)
        let accesses = DeclaredDependencies.adding(declared, on: self, to: accesses)
        guard !accesses.isEmpty else { return registerManual(keyPath, entry: entry) }
        let derived = DerivedObservation(
            root: self, keyPath: keyPath, declared: declared, value: value, entry: entry)
        derived.start(accesses: accesses)
        return .registration(derived)
    }

    /// Registers a key path that reads no `@Observed` storage, which only manual notification
    /// notifies.
    ///
    /// Unless the class says it notifies the key path by hand, this is most likely a
    /// forgotten `@Observed`, which the debug build reports.
    ///
    /// The entry's registry lives in the object's home, which may outlive the object: its list
    /// knows the object (`RegistrationList.home`), so that the token turns invalid with it.
    func registerManual<Value>(_ keyPath: KeyPath<Self, Value>, entry: RegistryEntry<Value>) -> Registered {
        if Self.automaticallyNotifiesObservers(for: keyPath) {
            ObservationDiagnostics.keyPathReadsNoObservedProperty(keyPath, registeredBy: entry)
        }
        let registry = ObjectHome.creatingIfNeeded(for: self)
            .registryCreatingIfNeeded(for: keyPath, of: Value.self)
        registry.add(entry)
        return .entry(registry.registrations, Unmanaged.passUnretained(entry))
    }

    /// Registers `delivery`, which receives changes filtered by `options`; for the paths that
    /// are not the hot path (bindings, sequences).
    func register<Value>(
        _ keyPath: KeyPath<Self, Value>, options: KeyValueObservingOptions, anchor: AnyObject? = nil,
        site: (file: StaticString, line: UInt, delivery: String)? = nil,
        delivery: @escaping (Self, KeyValueObservedChange<Value>) -> Bool
    ) -> ObservationToken {
        let callback = EntryCallbacks<Self, Value>.callback(options: options, delivery)
        let entry: RegistryEntry<Value> =
            if let anchor {
                ExtendedRegistryEntry(
                    options: options, isOwnedByToken: true, anchor: anchor, callback: callback)
            } else {
                RegistryEntry(options: options, isOwnedByToken: true, callback: callback)
            }
        if let site {
            RegistrationSites.record(entry, file: site.file, line: site.line, delivery: site.delivery)
        }
        return ObservationToken(register(keyPath, entry: entry))
    }

    /// Whether `keyPath` names an `@Observed` storage of this object directly: it read exactly
    /// one, and is that storage's own key path, not a computed property that reads it.
    func namesStorageDirectly<Value>(_ keyPath: KeyPath<Self, Value>, in accesses: TrackedAccesses) -> Bool {
        guard let access = accesses.single, access.object == ObjectIdentifier(self) else { return false }
        return access.registry.isNamed(by: keyPath, wrappedKeyPath: access.keyPath)
    }

    /// The registry of the `@Observed` property `keyPath` names, whatever class the key path
    /// was formed on: the storage it names directly, or, for `\Sub.title` against the
    /// declaring class's `\Base.title`, the single storage of this object it read, of its
    /// value type, through a key path rooted at another class (as removal matches them).
    ///
    /// For the cold paths that mutate or notify a property through a key path the caller
    /// formed (the set and array proxies, manual change pairs); a checked cast.
    func storageRegistry<Value>(for keyPath: KeyPath<Self, Value>, in accesses: TrackedAccesses)
        -> PropertyRegistry<Value>?
    {
        guard let access = accesses.single, access.object == ObjectIdentifier(self),
            namesStorageDirectly(keyPath, in: accesses)
                || type(of: access.keyPath).rootType != type(of: keyPath).rootType
        else { return nil }
        return access.registry as? PropertyRegistry<Value>
    }

    /// The storage key path of the single `@Observed` property `accesses` read on this object,
    /// which identifies the property whatever class the key path was formed on.
    @usableFromInline
    func storageKeyPath<Value>(of keyPath: KeyPath<Self, Value>, in accesses: TrackedAccesses) -> AnyKeyPath?
    {
        guard let access = accesses.single, access.object == ObjectIdentifier(self),
            type(of: access.keyPath).valueType == Value.self
        else { return nil }
        return access.keyPath
    }
}
