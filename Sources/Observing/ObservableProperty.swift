import Dispatch
import Synchronization

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
/// The property's value and its delivery engine (the `DeliveryStateMachine` that `@Observed`
/// uses too) are guarded by the lock of its registration list, never held while a handler
/// runs. The set
/// and delivery paths are inlinable, so that they are specialized for `Value` in the caller's
/// module (observe-bench W7).
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
    /// One registration: the shared entry fields, the change number it starts after, and what
    /// a change runs: the caller's handler itself (`holdsHandler`, called with the change
    /// filtered for the options), or a callback that applies the options itself.
    @usableFromInline
    final class Entry: EntryBase, @unchecked Sendable {
        // Sendable: immutable, except the base's slot, which the registry's lock guards.
        @usableFromInline let callback: (KeyValueObservedChange<Value>) -> Void
        /// Changes numbered at or below this were made before the registration.
        @usableFromInline let firstVersion: UInt64

        @inlinable
        init(
            options: KeyValueObservingOptions, firstVersion: UInt64, holdsHandler: Bool,
            callback: @escaping (KeyValueObservedChange<Value>) -> Void
        ) {
            self.firstVersion = firstVersion
            self.callback = callback
            super.init(options: options, isOwnedByToken: true, holdsHandler: holdsHandler)
        }

        /// Runs the registration for `change`.
        @inlinable
        func deliver(_ change: KeyValueObservedChange<Value>) {
            var filtered = KeyValueObservedChange<Value>.Filtered()
            deliver(change, filtered: &filtered)
        }

        /// Runs the registration for `change`; a handler gets the change from `filtered`,
        /// which keeps it for the next entry with the same options.
        @inlinable
        @inline(__always)
        func deliver(
            _ change: KeyValueObservedChange<Value>, filtered: inout KeyValueObservedChange<Value>.Filtered
        ) {
            guard holdsHandler else { return callback(change) }
            filtered.filter(change, for: self)
            callback(filtered.filtered)
        }
    }

    /// A change waiting for delivery; `target` restricts an initial call to its registration.
    @usableFromInline
    struct Pending {
        @usableFromInline var change: KeyValueObservedChange<Value>
        @usableFromInline var version: UInt64
        @usableFromInline var target: Entry?

        @inlinable
        init(change: KeyValueObservedChange<Value>, version: UInt64, target: Entry?) {
            self.change = change
            self.version = version
            self.target = target
        }
    }

    /// What the lock guards besides the registrations.
    @usableFromInline
    struct State {
        @usableFromInline var value: Value
        /// The number of the latest change.
        @usableFromInline var version: UInt64 = 0
        /// The delivery engine shared with `@Observed`.
        ///
        /// A set here is stored at once (other threads do not wait) and sends no prior phase
        /// of its own, so the machine never holds a set: its deferred set is `Never`.
        @usableFromInline var machine = DeliveryStateMachine<Pending, Never>()

        @inlinable
        init(value: Value) {
            self.value = value
        }

        /// The locked step of a set whose value is already stored: numbers the change and
        /// enters it in the machine.
        ///
        /// When another call is delivering (on another thread, or this one from a handler),
        /// the machine queues the change behind the ones before it; else this call delivers
        /// its own change without queueing it, then whatever other calls queue meanwhile.
        /// Built only from locals, so that the common path copies no queue item.
        ///
        /// - Returns: Whether the caller delivers now, and the value and number of the change.
        @inlinable
        @inline(__always)
        mutating func setEnded(oldValue: Value, isObserved: Bool)
            -> (notifiesNow: Bool, value: Value, version: UInt64)
        {
            version += 1
            if machine.phase == .idle, !isObserved { return (false, value, version) }
            let (value, version) = (self.value, self.version)
            let notifiesNow = machine.beginStoredSet {
                Pending(
                    change: KeyValueObservedChange(kind: .setting, newValue: value, oldValue: oldValue),
                    version: version, target: nil)
            }
            return (notifiesNow, value, version)
        }
    }

    /// The registrations, under the lock that also guards `state`.
    @usableFromInline let registrations: RegistryCore
    /// The value and the delivery engine, under the registrations' lock.
    @usableFromInline let state: LockedState<State>

    /// Creates a property holding `value`.
    ///
    /// - Parameter value: The initial value; setting it notifies no one.
    public init(_ value: Value) {
        let keyPath = \ObservableProperty<Value>.value
        let registrations = RegistryCore(storageKeyPath: keyPath, wrappedKeyPath: keyPath)
        self.registrations = registrations
        self.state = LockedState(State(value: value), lock: registrations.registrations.lock)
    }

    /// The current value.
    ///
    /// Setting it notifies every observer (see the type's discussion).
    ///
    /// - Complexity: O(1) to read; a set costs O(*n*) notifications for *n* observers.
    @inlinable
    public var value: Value {
        get { state.withLock { $0.value } }
        set { modify { $0 = newValue } }
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
        let lock = state.lock
        lock.lock()
        let oldValue: Value
        let result: Result
        do {
            (oldValue, result) = try state.withLockAssumed { state in
                let oldValue = state.value
                return (oldValue, try body(&state.value))
            }
        } catch {
            lock.unlock()
            throw error
        }
        let snapshot = registrations.registrations.withLockAssumed { $0.entries.elements }
        let (notifiesNow, newValue, version) = state.withLockAssumed { state in
            state.setEnded(oldValue: oldValue, isObserved: !snapshot.isEmpty)
        }
        lock.unlock()
        if notifiesNow {
            deliver(
                KeyValueObservedChange(kind: .setting, newValue: newValue, oldValue: oldValue),
                version: version,
                target: nil, to: snapshot)
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
    /// handlers are never called concurrently and see changes in version order.
    ///
    /// With `.prior` the handler is also called before each change's notification with
    /// `isPrior == true` (the value may already read newer, since sets from other threads do
    /// not wait).
    ///
    /// Written inside a `@MainActor` class or an actor, the closure is isolated to that actor:
    /// it may use the actor's state with no annotation, and it only ever runs there. A change
    /// made on another thread traps, naming the actor, as `MainActor.assumeIsolated` does
    /// (SE-0423's dynamic isolation check); to receive changes from any thread, register from
    /// a nonisolated context (the closure is then `@Sendable` and unchecked) or pass a queue
    /// to `observe(options:queue:changeHandler:)`.
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
        let call = IsolatedChangeHandler(call: changeHandler).unchecked.call
        guard let actor = changeHandler.isolation else {
            return observe(options: options, queue: nil, changeHandler: call)
        }
        let check = IsolatedHandler.Check(actor, keyPath: nil)
        return observe(options: options, queue: nil) { change in
            check.run()
            call(change)
        }
    }

    /// Observes every change of the value with a `@Sendable` handler, on `queue` or on the
    /// setting thread.
    ///
    /// As `observe(options:changeHandler:)`, except that the handler is not isolated to an
    /// actor: with `queue` it runs asynchronously on that queue (in change order when the
    /// queue is serial); with `nil`, synchronously on whatever thread changes the value.
    ///
    /// - Parameters:
    ///   - options: Which values to report and when.
    ///   - queue: Where to run the handler; `nil` means on the setting thread.
    ///   - changeHandler: Receives each change.
    /// - Returns: The token that keeps the observation alive.
    @inlinable
    public func observe(
        options: KeyValueObservingOptions = [],
        queue: DispatchQueue?,
        changeHandler: @escaping @Sendable (KeyValueObservedChange<Value>) -> Void
    ) -> ObservationToken {
        let equal = options.contains(.removeDuplicates) ? equalityCheck(for: Value.self) : nil
        guard queue != nil || equal != nil else {
            // The common case: the entry holds the handler itself, so that registering
            // allocates no wrapping closure and a delivery makes one closure call.
            return register(options: options, holdsHandler: true, callback: changeHandler)
        }
        let wantsNew = options.contains(.new)
        let wantsOld = options.contains(.old)
        var callback: (KeyValueObservedChange<Value>) -> Void
        var queued: QueuedHandler<KeyValueObservedChange<Value>>?
        if let queue {
            // As for `observe(_:options:queue:changeHandler:)`: nothing is delivered after
            // `invalidate()` returns, and the handler is released at once.
            let handler = QueuedHandler<KeyValueObservedChange<Value>>(changeHandler)
            let lifetime = QueuedHandlerLifetime(handler)
            callback = { change in
                withExtendedLifetime(lifetime) {}
                let payload = UncheckedSendable(value: change.filtered(new: wantsNew, old: wantsOld))
                queue.async { handler.call(payload.value) }
            }
            queued = handler
        } else {
            callback = { change in changeHandler(change.filtered(new: wantsNew, old: wantsOld)) }
        }
        if let equal {
            callback = { [callback] change in
                if !isDuplicate(change, equal: equal) { callback(change) }
            }
        }
        return register(options: options, holdsHandler: false, queued: queued, callback: callback)
    }

    /// Registers `callback`; `queued`, the box a queued handler's calls go through, stops
    /// with the new entry.
    @usableFromInline
    func register(
        options: KeyValueObservingOptions, holdsHandler: Bool,
        queued: QueuedHandler<KeyValueObservedChange<Value>>? = nil,
        callback: @escaping (KeyValueObservedChange<Value>) -> Void
    ) -> ObservationToken {
        let lock = state.lock
        lock.lock()
        let (entry, startsDelivery): (Entry, Bool) = state.withLockAssumed { state in
            let entry = Entry(
                options: options, firstVersion: state.version, holdsHandler: holdsHandler, callback: callback)
            queued?.stops(with: entry)
            registrations.registrations.withLockAssumed { $0.add(entry) }
            guard options.contains(.initial) else { return (entry, false) }
            let (value, version) = (state.value, state.version)
            // When a notification is under way, the initial call waits behind it, in order.
            let startsDelivery = state.machine.beginExtraNotification {
                Pending(change: KeyValueObservedChange(newValue: value), version: version, target: entry)
            }
            return (entry, startsDelivery)
        }
        let initialValue = startsDelivery ? state.withLockAssumed { $0.value } : nil
        lock.unlock()
        let token = ObservationToken(registrations: registrations.registrations, entry: entry)
        if let initialValue {
            if entry.isActive { entry.deliver(KeyValueObservedChange(newValue: initialValue)) }
            finishDelivery()
        }
        return token
    }

    /// The number of live registrations.
    public var observerCount: Int {
        registrations.liveRegistrationIDs().count
    }

    /// Delivers the changes queued while this call delivered, until none is left; the
    /// `notificationEnded` event of the delivery engine.
    ///
    /// User code runs only while the lock is released; each delivered change is released
    /// after unlocking (its values may run arbitrary `deinit`s, which may use this property).
    @inlinable
    func finishDelivery() {
        let lock = state.lock
        lock.lock()
        // The common case, with no action built.
        if state.withLockAssumed({ $0.machine.endsIfNothingWaits() }) {
            lock.unlock()
            return
        }
        lock.unlock()
        while true {
            lock.lock()
            let next = state.withLockAssumed { $0.machine.notificationEnded() }
            switch next {
            case .finish:
                lock.unlock()
                return
            case .notify(let item):
                let snapshot = registrations.registrations.withLockAssumed { $0.entries.elements }
                lock.unlock()
                deliver(item.change, version: item.version, target: item.target, to: snapshot)
            }
        }
    }

    @inlinable
    func deliver(
        _ change: KeyValueObservedChange<Value>, version: UInt64, target: Entry?,
        to snapshot: ContiguousArray<EntryBase?>
    ) {
        if let target {
            if target.isActive { target.deliver(change) }
            return
        }
        #if OBSERVING_INTERNAL_CHECKS
            for case let entry? in snapshot {
                precondition(
                    entry is Entry, "entry \(type(of: entry)) in an ObservableProperty<\(Value.self)>")
            }
        #endif
        // The snapshot keeps every entry alive, so they are read unretained; every entry of
        // this property is an `Entry` (checked above in the internal-checks build), and
        // `Unmanaged<Entry>?` has the layout of `EntryBase?`.
        var filtered = KeyValueObservedChange<Value>.Filtered()
        snapshot.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unmanaged<Entry>?.self) { entries in
                for case let entry? in entries {
                    entry._withUnsafeGuaranteedRef { entry in
                        guard version > entry.firstVersion else { return }
                        if entry.wantsPrior, entry.isActive {
                            entry.deliver(change.priorChange)
                        }
                        if entry.isActive { entry.deliver(change, filtered: &filtered) }
                    }
                }
            }
        }
    }
}

// Sendable when its values are: all mutable state is under the lock (`LockedState`,
// `RegistryCore`), and values cross threads only as `Value`.
extension ObservableProperty: @unchecked Sendable where Value: Sendable {}
