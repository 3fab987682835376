import Dispatch

/// A thread-safe observable value: read, set and observe it from any number of threads at once.
///
/// Notifications are serialized: every observer receives every change exactly once, in set
/// order, and each change's `oldValue` equals the previous change's `newValue`. A handler runs
/// synchronously on a thread that is setting the property (the first setter drains changes
/// that other threads make meanwhile, so a concurrent set may return before its own
/// notification ran), or on the queue its registration names. A set from inside a handler
/// is queued behind the notification in flight: no deadlock, order kept.
///
/// Every set notifies, as KVO does, unless a registration asks for `.removeDuplicates`.
///
/// The property runs on the engine of `@Observed`: its registrations are the entries of a
/// `PropertyRegistry`, delivered by that registry's one loop, and its delivery state is a
/// `DeliveryStateMachine`, which with the value sits behind the lock of the registration list,
/// taken once per set, registration or ended notification and never held while a handler
/// runs. The set and delivery paths are inlinable, so that they are specialized for `Value`
/// in the caller's module (observe-bench W7).
///
/// ```swift
/// let count = ObservableProperty(0)
/// let token = count.observe(options: [.old, .new]) { change in
///     print(change.oldValue ?? 0, "->", change.newValue ?? 0)
/// }
/// count.value = 3
/// count.modify { $0 += 1 }
/// ```
public final class ObservableProperty<Value> {
    @usableFromInline typealias Notification = PropertyRegistry<Value>.QueuedNotification

    /// What the lock guards besides the registrations.
    @usableFromInline
    struct State {
        @usableFromInline var value: Value
        /// The delivery engine of `@Observed`, driven with the events of a driver whose sets
        /// store at once (`beginStoredSet`, `beginExtraNotification`): other threads do not
        /// wait for a store, and a set sends no prior phase of its own, so the machine never
        /// holds a set.
        @usableFromInline var machine = PropertyRegistry<Value>.Machine()

        @inlinable
        init(value: Value) {
            self.value = value
        }
    }

    /// The registrations, under the lock that also guards `state`; delivered by its one loop,
    /// as `ChangeHandlerForm` says.
    @usableFromInline let registry: PropertyRegistry<Value>
    /// The value and the delivery engine, under the registrations' lock.
    @usableFromInline let state: LockedState<State>

    /// Creates a property holding `value`.
    ///
    /// - Parameter value: The initial value; setting it notifies no one.
    public init(_ value: Value) {
        let keyPath = \ObservableProperty<Value>.value
        let registry = PropertyRegistry<Value>(storageKeyPath: keyPath, wrappedKeyPath: keyPath)
        self.registry = registry
        self.state = LockedState(State(value: value), lock: registry.registrations.lock)
        registry.propertyState = state
    }

    /// The current value.
    ///
    /// Setting it notifies every observer (see the type's discussion). A computed property of
    /// a `KeyValueObservable` class that reads it is observable as if it read `@Observed`
    /// storage: observing that property registers with this one, and each set re-evaluates it
    /// on the setting thread (see "Threads, queues and actors" in the documentation).
    ///
    /// - Complexity: O(1) to read; a set costs O(*n*) notifications for *n* observers.
    @inlinable
    public var value: Value {
        get {
            if AccessTracking.isActive { recordAccess() }
            return state.withLock { $0.value }
        }
        set { modify { $0 = newValue } }
    }

    /// Tells the current thread's tracker, if any, that this property was read: an evaluation
    /// of an observed key path (a computed property, a chain) then depends on it, as on an
    /// `@Observed` storage, through this property's registry.
    @usableFromInline
    @inline(never)
    func recordAccess() {
        guard let tracker = AccessTracking.current else { return }
        tracker.pointee.record(
            TrackedAccess(registry: registry, object: ObjectIdentifier(self)))
    }

    /// Reads, changes and stores the value atomically, then notifies once.
    ///
    /// `body` runs while the property's lock is held: it must not read or set this property,
    /// and should only compute.
    ///
    /// - Parameter body: Changes the value in place.
    /// - Returns: What `body` returns.
    @inlinable
    @discardableResult
    public func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        // One locked step: the store, the registrations listed at it, and the machine's event
        // (when another call is delivering, on another thread or this one from a handler, the
        // machine queues the notification; else this call delivers it, without queueing it).
        let (result, oldValue, newValue, entries, notifiesNow) = try state.withLock { state in
            let oldValue = state.value
            let result = try body(&state.value)
            let newValue = state.value
            let entries = registry.registrations.withLockAssumed { $0.entries.elements }
            guard state.machine.phase != .idle || !entries.isEmpty else {
                return (result, oldValue, newValue, entries, false)
            }
            let notifiesNow = state.machine.beginStoredSet {
                Notification(
                    change: KeyValueObservedChange(kind: .setting, newValue: newValue, oldValue: oldValue),
                    entries: entries, hasPrior: true)
            }
            return (result, oldValue, newValue, entries, notifiesNow)
        }
        if notifiesNow {
            deliver(
                KeyValueObservedChange(kind: .setting, newValue: newValue, oldValue: oldValue), to: entries)
            finishDelivery()
        }
        return result
    }

    /// Observes every change of the value, calling the handler in the isolation it was
    /// written in.
    ///
    /// The handler runs as the type's discussion says. With `.initial` it is first called
    /// with the current value, ordered before any later change: before this method returns
    /// when no notification is under way; otherwise (a handler registering, or another
    /// thread delivering) the call is queued behind the notification in flight and made by
    /// the thread delivering it. Unlike `@Observed`, whose sets happen in one isolation
    /// domain and which makes the call at once, this keeps the property's promise that
    /// handlers are never called concurrently and see changes in set order. A registration
    /// receives only the changes stored after it was made: one made by a handler misses the
    /// changes other handlers stored before it, as in KVO.
    ///
    /// With `.prior` the handler is also called just before each of its own notifications,
    /// with `isPrior == true`. Unlike `@Observed` and KVO, which send every prior call before
    /// the store, the property stores each set at once and atomically, so that sets from other
    /// threads never wait: a prior call comes after the store (the value already reads the
    /// new one), and each handler gets its prior call and its notification together, in turn.
    ///
    /// Written inside a `@MainActor` class or an actor, the closure is isolated to that actor:
    /// it may use the actor's state with no annotation, and it only ever runs there. A change
    /// made on another thread traps, naming the actor, as `MainActor.assumeIsolated` does
    /// (SE-0423's dynamic isolation check); to receive changes from any thread, register from
    /// a nonisolated context (the closure is then `@Sendable` and unchecked) or pass a queue
    /// to `observe(options:queue:changeHandler:)` (with `queue: .main`, a main-actor handler
    /// runs on the main queue, whatever thread sets the value).
    ///
    /// The handler is retained until the token is invalidated or deallocated.
    ///
    /// - Parameters:
    ///   - options: Which values to report and when.
    ///   - changeHandler: Receives each change, in the isolation it was written in.
    /// - Returns: The token that keeps the observation alive.
    @inlinable
    public func observe(
        options: KeyValueObservingOptions = [],
        @_inheritActorContext changeHandler:
            @escaping @isolated(any) @Sendable (KeyValueObservedChange<Value>) ->
            Void
    ) -> ObservationToken {
        observe(options: options, queue: nil, handler: IsolatedChangeHandler(call: changeHandler).checked)
    }

    /// Observes every change of the value with a handler run on `queue`, in the isolation it
    /// was written in: the form that lets main-actor code receive, on the main queue, a value
    /// set on any thread.
    ///
    /// The handler runs asynchronously, after each set, in the order of the changes, whatever
    /// thread made them; with `.initial` it is first called with the current value, the same
    /// way. Once the token is invalidated, or the property deallocates (which ends its
    /// registrations: the token then reads invalid), nothing more is delivered, including
    /// changes already waiting on the queue or on the handler's actor. Only the change travels
    /// to the queue, not the property.
    ///
    /// Written in a nonisolated context, the closure is `@Sendable` and runs on `queue` (in
    /// change order when the queue is serial). Written inside a `@MainActor` class, a
    /// `@MainActor` function or an actor, it is isolated to that actor, as the closure of
    /// `observe(options:changeHandler:)` is, and only ever runs there: with `queue: .main` and
    /// the main actor, on the main queue, in change order; with any other queue, each change
    /// goes to `queue` first and the queue's block sends the call on to the handler's actor
    /// (for the main actor, to the main queue), where it runs in the order the queue sent the
    /// calls. A closure written in `@MainActor` code is isolated to the main actor even when it
    /// uses none of its state, so `queue: .global()` there also runs on the main actor; to run
    /// such a handler on the queue itself, as a plain `@Sendable` closure, pass the queue as a
    /// `DispatchQueue?` (`queue: Optional(worker)`, or `nil` for the setting thread), which
    /// selects the `@Sendable` form of this method, or register from a nonisolated context.
    ///
    /// ```swift
    /// final class Player: Sendable { let volume = ObservableProperty(0) }  // set on any thread
    ///
    /// @MainActor final class VolumeLabel {
    ///     var text = ""
    ///     var tokens: [ObservationToken] = []
    ///     init(player: Player) {
    ///         player.volume.observe(options: [.new], queue: .main) { change in
    ///             self.text = "\(change.newValue ?? 0)"   // main-actor state, on the main queue
    ///         }.store(in: &tokens)
    ///     }
    /// }
    /// ```
    ///
    /// The handler is retained until the token is invalidated or deallocated.
    ///
    /// - Parameters:
    ///   - options: Which values to report and when.
    ///   - queue: Where each change goes; the handler runs there, or on its actor after it.
    ///   - changeHandler: Receives each change, in the isolation it was written in.
    /// - Returns: The token that keeps the observation alive.
    @inlinable
    public func observe(
        options: KeyValueObservingOptions = [],
        queue: DispatchQueue,
        @_inheritActorContext changeHandler:
            @escaping @isolated(any) @Sendable (KeyValueObservedChange<Value>) ->
            Void
    ) -> ObservationToken {
        // The queue's block runs on the actor (the main queue), or sends the call on to it.
        observeThroughCallback(
            options: options, queue: queue, then: ActorHop.after(queue, to: changeHandler.isolation),
            handler: IsolatedChangeHandler(call: changeHandler).checked)
    }

    /// Observes every change of the value with a `@Sendable` handler, on `queue` or on the
    /// setting thread.
    ///
    /// As `observe(options:changeHandler:)`, except that the handler is not isolated to an
    /// actor: with `queue` it runs asynchronously on that queue (in change order when the
    /// queue is serial); with `nil`, synchronously on whatever thread changes the value.
    ///
    /// This form takes the queue as a `DispatchQueue?`: `nil`, or an optional, selects it
    /// wherever the call is written. A `DispatchQueue` (`.main`, `.global()`, a queue
    /// constant) selects the form that takes the handler in its isolation,
    /// `observe(options:queue:changeHandler:)` with a non-optional queue, which this one
    /// yields to (it is disfavored); from a nonisolated context both run a handler the same
    /// way.
    ///
    /// - Parameters:
    ///   - options: Which values to report and when.
    ///   - queue: Where to run the handler; `nil` means on the setting thread.
    ///   - changeHandler: Receives each change.
    /// - Returns: The token that keeps the observation alive.
    @inlinable
    @_disfavoredOverload
    public func observe(
        options: KeyValueObservingOptions = [],
        queue: DispatchQueue?,
        changeHandler: @escaping @Sendable (KeyValueObservedChange<Value>) -> Void
    ) -> ObservationToken {
        observe(options: options, queue: queue, handler: SendableChangeHandler(call: changeHandler))
    }

    /// Registers `handler`: held by the entry itself when it runs on the setting thread and
    /// keeps duplicates, so that registering allocates no wrapping closure and a delivery makes
    /// one closure call; otherwise through the callback `@Observed` registrations build for a
    /// queue and `.removeDuplicates`.
    @inlinable
    func observe(
        options: KeyValueObservingOptions, queue: DispatchQueue?, handler: SendableChangeHandler<Value>
    ) -> ObservationToken {
        guard queue != nil || options.contains(.removeDuplicates) else {
            return register(RegistryEntry(options: options, handler: handler))
        }
        return observeThroughCallback(options: options, queue: queue, then: nil, handler: handler)
    }

    /// Registers `handler` through the callback `@Observed` registrations build for a queue
    /// and `.removeDuplicates`; with `hop`, the queue's block sends each call on to the
    /// handler's actor (`ActorHop`).
    ///
    /// Apart from `observe(options:queue:handler:)`, so that the common registration, on the
    /// setting thread, does not carry the hop (observe-bench d W4).
    @inlinable
    func observeThroughCallback(
        options: KeyValueObservingOptions, queue: DispatchQueue?, then hop: ActorHop?,
        handler: SendableChangeHandler<Value>
    ) -> ObservationToken {
        let call = handler.call
        let (delivery, queued) = EntryCallbacks<ObservableProperty, Value>.delivery(
            on: queue, then: hop, skipping: { (_: KeyValueObservedChange<Value>) in false }, { call($0) })
        let callback = EntryCallbacks<ObservableProperty, Value>.callback(options: options) { _, change in
            delivery(change)
            return true
        }
        let entry = RegistryEntry(options: options, isOwnedByToken: true, callback: callback)
        queued?.stops(with: entry)
        return register(entry)
    }

    /// Adds `entry`, and with `.initial` delivers or queues its initial call, in one locked
    /// step.
    @usableFromInline
    func register(_ entry: RegistryEntry<Value>) -> ObservationToken {
        let initialValue: Value? = state.withLock { state in
            registry.registrations.withLockAssumed { $0.add(entry) }
            guard entry.options.contains(.initial) else { return nil }
            let value = state.value
            // When a notification is under way, the initial call waits behind it, in order.
            let startsDelivery = state.machine.beginExtraNotification {
                Notification(
                    change: KeyValueObservedChange(newValue: value), entries: [entry], hasPrior: false)
            }
            return startsDelivery ? value : nil
        }
        let token = ObservationToken(registrations: registry.registrations, entry: entry)
        if let initialValue {
            if entry.isActive { deliverInitial(KeyValueObservedChange(newValue: initialValue), to: entry) }
            finishDelivery()
        }
        return token
    }

    /// Delivers an `.initial` call to the registration that asked for it: its after call only.
    @inlinable
    func deliverInitial(_ change: KeyValueObservedChange<Value>, to entry: RegistryEntry<Value>) {
        _ = entry.deliver(change, of: self, form: ChangeHandlerForm.self)
    }

    /// The number of live registrations.
    public var observerCount: Int {
        registry.liveRegistrationIDs().count
    }

    /// Delivers the changes queued while this call delivered, until none is left; the
    /// `notificationEnded` event of the delivery engine, one locked step each.
    ///
    /// User code runs only while the lock is released; each delivered change is released
    /// after unlocking (its values may run arbitrary `deinit`s, which may use this property).
    @inlinable
    func finishDelivery() {
        // The common case, with no action built.
        if state.withLock({ $0.machine.endsIfNothingWaits() }) { return }
        while true {
            switch state.withLock({ $0.machine.notificationEnded() }) {
            case .finish:
                return
            case .store:
                // Never: the machine holds no set (see `State.machine`).
                #if OBSERVING_INTERNAL_CHECKS
                    preconditionFailure("an ObservableProperty's machine handed back a deferred set")
                #else
                    return
                #endif
            case .notify(let notification) where notification.hasPrior:
                deliver(notification.change, to: notification.entries)
            case .notify(let notification):
                // A queued `.initial` call, to the one registration it lists: no prior call.
                for case let entry as RegistryEntry<Value> in notification.entries where entry.isActive {
                    deliverInitial(notification.change, to: entry)
                }
            }
        }
    }

    /// Delivers `change` to `entries`, the registrations listed at its store, with the
    /// registry's one loop, each registration's prior call just before its after call.
    @inlinable
    func deliver(_ change: KeyValueObservedChange<Value>, to entries: ContiguousArray<EntryBase?>) {
        registry.deliver(change, to: entries, object: self, isPrior: false, form: ChangeHandlerForm.self)
    }
}

// Sendable when its values are: all mutable state is under the lock (`LockedState`,
// `RegistryCore`), and values cross threads only as `Value`.
extension ObservableProperty: @unchecked Sendable where Value: Sendable {}
