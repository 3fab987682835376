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
/// The property's value and its queue of changes are guarded by the lock of its registration
/// list (a `RegistryCore`, shared with `@Observed`), never held while a handler runs. The set
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
    /// One registration: the shared entry fields, the change number it starts after, and the
    /// callback (which applies the registration's options).
    @usableFromInline
    final class Entry: EntryBase, @unchecked Sendable {
        @usableFromInline let callback: (KeyValueObservedChange<Value>) -> Void
        /// Changes numbered at or below this were made before the registration.
        @usableFromInline let firstVersion: UInt64

        @inlinable
        init(
            options: KeyValueObservingOptions, firstVersion: UInt64,
            callback: @escaping (KeyValueObservedChange<Value>) -> Void
        ) {
            self.firstVersion = firstVersion
            self.callback = callback
            super.init(options: options, identity: nil, owner: nil, isOwnedByToken: true, anchor: nil)
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

    /// The registrations, and the lock that also guards the state below.
    @usableFromInline let registrations = RegistryCore()
    // Guarded by `registrations.lock`, so exempt from dynamic exclusivity checks.
    @exclusivity(unchecked) @usableFromInline var storedValue: Value
    @exclusivity(unchecked) @usableFromInline var version: UInt64 = 0
    @exclusivity(unchecked) @usableFromInline var pending: [Pending] = []
    @exclusivity(unchecked) @usableFromInline var nextPending = 0
    @exclusivity(unchecked) @usableFromInline var isDraining = false

    /// Creates a property holding `value`.
    ///
    /// - Parameter value: The initial value; setting it notifies no one.
    public init(_ value: Value) {
        self.storedValue = value
    }

    /// The current value.
    ///
    /// Setting it notifies every observer (see the type's discussion).
    ///
    /// - Complexity: O(1) to read; a set costs O(*n*) notifications for *n* observers.
    @inlinable
    public var value: Value {
        get { registrations.lock.withLock { storedValue } }
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
        let lock = registrations.lock
        lock.lock()
        let oldValue = storedValue
        let result: Result
        do {
            result = try body(&storedValue)
        } catch {
            lock.unlock()
            throw error
        }
        version += 1
        let item = Pending(
            change: KeyValueObservedChange(kind: .setting, newValue: storedValue, oldValue: oldValue),
            version: version, target: nil)
        if isDraining {
            // Another call is delivering (on another thread, or this one from a handler): it
            // delivers this change after the ones before it.
            pending.append(item)
            lock.unlock()
        } else if registrations.list.elements.isEmpty {
            lock.unlock()
        } else {
            // The common case: nobody is delivering, so this call delivers its own change
            // without queueing it, then whatever other calls queued meanwhile.
            isDraining = true
            let snapshot = registrations.list.elements
            lock.unlock()
            deliver(item, to: snapshot)
            lock.lock()
            isDraining = false
            drainAndUnlock()
        }
        return result
    }

    /// Observes every change of the value.
    ///
    /// The handler runs as the type's discussion says; with `queue`, asynchronously on that
    /// queue (in change order when the queue is serial). With `.initial` it is first called
    /// with the current value, ordered before any later change. With `.prior` it is also
    /// called before each change's notification with `isPrior == true` (the value may already
    /// read newer, since sets from other threads do not wait).
    ///
    /// The handler is retained until the token is invalidated or deallocated.
    ///
    /// - Parameters:
    ///   - options: Which values to report and when.
    ///   - queue: Where to run the handler; `nil` (the default) means on the setting thread.
    ///   - changeHandler: Receives each change.
    /// - Returns: The token that keeps the observation alive.
    @inlinable
    public func observe(
        options: KeyValueObservingOptions = [],
        queue: DispatchQueue? = nil,
        changeHandler: @escaping @Sendable (KeyValueObservedChange<Value>) -> Void
    ) -> ObservationToken {
        let wantsNew = options.contains(.new)
        let wantsOld = options.contains(.old)
        var callback: (KeyValueObservedChange<Value>) -> Void
        if let queue {
            // As for `observe(_:options:queue:changeHandler:)`: nothing is delivered after
            // `invalidate()` returns, and the handler is released at once.
            let queued = QueuedHandler<KeyValueObservedChange<Value>>(changeHandler)
            let lifetime = QueuedHandlerLifetime(queued)
            callback = { change in
                withExtendedLifetime(lifetime) {}
                let payload = UncheckedSendable(value: change.filtered(new: wantsNew, old: wantsOld))
                queue.async { queued.call(payload.value) }
            }
        } else {
            callback = { change in changeHandler(change.filtered(new: wantsNew, old: wantsOld)) }
        }
        if options.contains(.removeDuplicates), let equal = equalityCheck(for: Value.self) {
            callback = { [callback] change in
                if !isDuplicate(change, equal: equal) { callback(change) }
            }
        }
        return register(options: options, callback: callback)
    }

    @usableFromInline
    func register(
        options: KeyValueObservingOptions, callback: @escaping (KeyValueObservedChange<Value>) -> Void
    ) -> ObservationToken {
        let lock = registrations.lock
        lock.lock()
        let entry = Entry(options: options, firstVersion: version, callback: callback)
        registrations.addLocked(entry)
        let token = ObservationToken(RegistryEntryHandle(registry: registrations, entry: entry))
        if options.contains(.initial) {
            let initial = KeyValueObservedChange(newValue: storedValue)
            pending.append(Pending(change: initial, version: version, target: entry))
            drainAndUnlock()
        } else {
            lock.unlock()
        }
        return token
    }

    /// The number of live registrations.
    public var observerCount: Int {
        registrations.liveRegistrationIDs().count
    }

    /// Delivers pending changes unless another call is already doing so.
    ///
    /// Called with the lock held; returns with it released. User code runs only while the lock
    /// is released.
    @inlinable
    func drainAndUnlock() {
        let lock = registrations.lock
        guard !isDraining else {
            lock.unlock()
            return
        }
        isDraining = true
        while nextPending < pending.count {
            let next = pending[nextPending]
            nextPending += 1
            let snapshot = registrations.list.elements
            lock.unlock()
            deliver(next, to: snapshot)
            lock.lock()
        }
        // The delivered changes are released after unlocking: their values (and an initial
        // call's entry, with its handler) may run arbitrary deinits, which may use this
        // property.
        let delivered = pending
        pending = []
        nextPending = 0
        isDraining = false
        lock.unlock()
        withExtendedLifetime(delivered) {}
    }

    @inlinable
    func deliver(_ item: Pending, to snapshot: ContiguousArray<EntryBase?>) {
        if let target = item.target {
            if target.isActive { target.callback(item.change) }
            return
        }
        // The snapshot keeps every entry alive, so they are read unretained; every entry of
        // this property is an `Entry`.
        snapshot.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: Unmanaged<Entry>?.self) { entries in
                for case let entry? in entries {
                    entry._withUnsafeGuaranteedRef { entry in
                        guard item.version > entry.firstVersion else { return }
                        if entry.options.contains(.prior), entry.isActive {
                            entry.callback(item.change.priorChange)
                        }
                        if entry.isActive { entry.callback(item.change) }
                    }
                }
            }
        }
    }
}

extension ObservableProperty: @unchecked Sendable where Value: Sendable {}
