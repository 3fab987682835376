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
/// ```swift
/// let count = ObservableProperty(0)
/// let token = count.observe(options: [.old, .new]) { change in
///     print(change.oldValue ?? 0, "->", change.newValue ?? 0)
/// }
/// count.value = 3
/// count.modify { $0 += 1 }
/// ```
public final class ObservableProperty<Value> {
    final class Entry: Slotted, @unchecked Sendable {
        let options: KeyValueObservingOptions
        let callback: (KeyValueObservedChange<Value>) -> Void
        /// Changes numbered at or below this were made before the registration.
        let firstVersion: UInt64
        let activeFlag = Atomic<Bool>(true)
        var slot = 0

        init(
            options: KeyValueObservingOptions, firstVersion: UInt64,
            callback: @escaping (KeyValueObservedChange<Value>) -> Void
        ) {
            self.options = options
            self.firstVersion = firstVersion
            self.callback = callback
        }
    }

    /// A change waiting for delivery; `target` restricts an initial call to its registration.
    private struct Pending {
        var change: KeyValueObservedChange<Value>
        var version: UInt64
        var target: Entry?
    }

    private let lock = Lock()
    // Guarded by `lock`.
    private var storedValue: Value
    private var version: UInt64 = 0
    private var list = SlotList<Entry>()
    private var pending: [Pending] = []
    private var nextPending = 0
    private var isDraining = false

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
    public var value: Value {
        get { lock.withLock { storedValue } }
        set { modify { $0 = newValue } }
    }

    /// Reads, changes and stores the value atomically, then notifies once.
    ///
    /// `body` runs while the property's lock is held: it must not read or set this property,
    /// and should only compute.
    ///
    /// - Parameter body: Changes the value in place.
    /// - Returns: What `body` returns.
    @discardableResult
    public func modify<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
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
        let change = KeyValueObservedChange(kind: .setting, newValue: storedValue, oldValue: oldValue)
        pending.append(Pending(change: change, version: version, target: nil))
        drainAndUnlock()
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
    public func observe(
        options: KeyValueObservingOptions = [],
        queue: DispatchQueue? = nil,
        changeHandler: @escaping @Sendable (KeyValueObservedChange<Value>) -> Void
    ) -> ObservationToken {
        let equal = options.contains(.removeDuplicates) ? equalityCheck(for: Value.self) : nil
        let callback: (KeyValueObservedChange<Value>) -> Void = { change in
            if let equal, isDuplicate(change, equal: equal) { return }
            let filtered = change.filtered(by: options)
            if let queue {
                let payload = UncheckedSendable(value: filtered)
                queue.async { changeHandler(payload.value) }
            } else {
                changeHandler(filtered)
            }
        }
        lock.lock()
        let entry = Entry(options: options, firstVersion: version, callback: callback)
        list.append(entry)
        let token = ObservationToken(PropertyEntryHandle(property: self, entry: entry))
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
        lock.withLock { list.elements.reduce(0) { $0 + ($1 == nil ? 0 : 1) } }
    }

    /// Delivers pending changes unless another call is already doing so.
    ///
    /// Called with the lock
    /// held; returns with it released. User code runs only while the lock is released.
    private func drainAndUnlock() {
        guard !isDraining else {
            lock.unlock()
            return
        }
        isDraining = true
        while nextPending < pending.count {
            let next = pending[nextPending]
            nextPending += 1
            let snapshot = list.elements
            lock.unlock()
            deliver(next, to: snapshot)
            lock.lock()
        }
        pending.removeAll(keepingCapacity: true)
        nextPending = 0
        isDraining = false
        lock.unlock()
    }

    private func deliver(_ item: Pending, to snapshot: ContiguousArray<Entry?>) {
        if let target = item.target {
            if target.activeFlag.load(ordering: .acquiring) { target.callback(item.change) }
            return
        }
        for case let entry? in snapshot where item.version > entry.firstVersion {
            if entry.options.contains(.prior), entry.activeFlag.load(ordering: .acquiring) {
                entry.callback(item.change.priorChange)
            }
            if entry.activeFlag.load(ordering: .acquiring) { entry.callback(item.change) }
        }
    }

    fileprivate func remove(_ entry: Entry) {
        entry.activeFlag.store(false, ordering: .releasing)
        // The removed entry (and its handler) is released after unlocking.
        let removed = lock.withLock { list.remove(entry) }
        withExtendedLifetime(removed) {}
    }
}

extension ObservableProperty: @unchecked Sendable where Value: Sendable {}

/// Removes one registration from an `ObservableProperty`; keeps neither alive.
private final class PropertyEntryHandle<Value>: Registration, @unchecked Sendable {
    private weak var property: ObservableProperty<Value>?
    private weak var entry: ObservableProperty<Value>.Entry?

    init(property: ObservableProperty<Value>, entry: ObservableProperty<Value>.Entry) {
        self.property = property
        self.entry = entry
    }

    var isValid: Bool {
        guard property != nil, let entry else { return false }
        return entry.activeFlag.load(ordering: .acquiring)
    }

    func invalidate() {
        guard let property, let entry else { return }
        property.remove(entry)
    }
}
