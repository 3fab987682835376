/// The delivery engine of one observable value, as a pure state machine: events in, actions
/// out, no locks and no user code (the shape of swift-async-algorithms' buffer state machines).
///
/// Both `@Observed` (through `PropertyRegistry`, in the object's isolation domain) and
/// `ObservableProperty` (under its lock, from any thread) drive one machine each and carry out
/// the actions it returns: notify now, queue the notification, defer the store.
///
/// States:
/// - `idle`: no notification under way; a set notifies at once.
/// - `prior`: a set is sending its prior notifications, before its store. A set made now
///   (from a prior callback) is deferred: stored, as a set of its own, after the set in flight.
/// - `delivering`: a set's notification is under way. A set made now (from a callback, or for
///   `ObservableProperty` from another thread) is stored at once and its notification queued
///   behind the one in flight, unless deferred sets are waiting, which it joins to keep set
///   order.
/// - `manualPrior`, `manual`: a `willChangeValue(for:)` is open on the property (sending its
///   prior notifications, then waiting for its `didChangeValue(for:)`). A set made from a
///   prior callback is deferred, as in `prior`; a set made once the pair is open is stored
///   (answered `.queue`, whose notification `enqueue` drops) and joins the pair, sending no
///   notification of its own, as in KVO.
///
/// `Notification` is what a queued set carries to its notification; `DeferredSet` is what a
/// deferred set carries to its store.
@usableFromInline
struct DeliveryStateMachine<Notification, DeferredSet> {
    @usableFromInline
    enum Phase: UInt8 {
        case idle
        case prior
        case delivering
        case manualPrior
        case manual
    }

    /// What the caller does with a set.
    @usableFromInline
    enum SetAction {
        /// Notify now (the machine entered `prior` or `delivering`); end with
        /// `notificationEnded()`.
        case notify
        /// Store now and pass the notification to `enqueue(_:)`.
        case queue
        /// Do not store: pass the set to `enqueueDeferred(_:)`.
        case deferStore
    }

    /// What the caller does when a notification has ended.
    @usableFromInline
    enum NextAction {
        /// Deliver this queued notification (its value is already stored), then call
        /// `notificationEnded()` again.
        case notify(Notification)
        /// The machine is idle again; store this deferred set as a new set (which starts
        /// with `beginSet`).
        case store(DeferredSet)
        /// The machine is idle; nothing is waiting.
        case finish
    }

    @usableFromInline private(set) var phase = Phase.idle
    /// Notifications queued behind the one in flight (`delivering` only).
    @usableFromInline var queued = DeliveryQueue<Notification>()
    /// Sets deferred until the set in flight completes, in set order.
    @usableFromInline var deferred = DeliveryQueue<DeferredSet>()

    @inlinable
    init() {}

    /// Whether deferred sets wait for their store.
    @inlinable
    var hasDeferredSets: Bool { !deferred.isEmpty }

    /// The most recent deferred set, if any is waiting.
    @inlinable
    var lastDeferredSet: DeferredSet? { deferred.last }

    /// In the internal-checks build, traps unless the state is one the events can reach.
    ///
    /// Notifications queue only while one is delivered, and both queues are well formed.
    /// Called after every event that changes what waits.
    @inlinable
    func checkInvariants() {
        #if OBSERVING_INTERNAL_CHECKS
            queued.checkInvariants()
            deferred.checkInvariants()
            precondition(
                queued.isEmpty || phase == .delivering || phase == .prior, "queued notifications in \(phase)")
        #endif
    }

    /// A set begins.
    ///
    /// - Parameter sendsPrior: Whether the set sends prior notifications before its store
    ///   (only consulted when the set notifies now).
    /// - Returns: What the caller does with the set.
    @inlinable
    @inline(__always)
    mutating func beginSet(sendsPrior: Bool) -> SetAction {
        switch phase {
        case .idle:
            phase = sendsPrior ? .prior : .delivering
            return .notify
        case .prior, .manualPrior:
            return .deferStore
        case .delivering, .manual:
            // In `manual`, `enqueue(_:)` drops the notification: the set joins the pair.
            return hasDeferredSets ? .deferStore : .queue
        }
    }

    /// A manual change pair begins (`willChangeValue(for:)`): when nothing is under way, the
    /// machine enters `manualPrior` (if prior notifications are sent) or `manual`, and sets
    /// join the pair until `manualChangeEnded()`.
    ///
    /// - Returns: `false`, changing nothing, when a notification is under way: the pair is
    ///   then delivered on its own, as a nested notification.
    @inlinable
    mutating func beginManualChange(sendsPrior: Bool) -> Bool {
        guard phase == .idle else { return false }
        phase = sendsPrior ? .manualPrior : .manual
        return true
    }

    /// The manual change pair that `beginManualChange` opened ends (`didChangeValue(for:)`):
    /// its notification is under way, to be ended with `notificationEnded()`.
    ///
    /// - Returns: `false`, changing nothing, when the machine is no longer in the pair (the
    ///   storage that owned it was replaced meanwhile).
    @inlinable
    mutating func manualChangeEnded() -> Bool {
        guard phase == .manual else { return false }
        phase = .delivering
        return true
    }

    /// The prior notifications of the set in flight have been sent; it stores next.
    @inlinable
    @inline(__always)
    mutating func priorPhaseEnded() {
        switch phase {
        case .prior: phase = .delivering
        case .manualPrior: phase = .manual
        default: preconditionFailure("priorPhaseEnded() in phase \(phase)")
        }
    }

    /// A store that reports to Swift's Observation begins, while a notification is under way:
    /// its `willSet` report runs trackers' `onChange` before the store, as prior callbacks
    /// run, so the machine is in `prior` until `priorPhaseEnded()`, and a set made meanwhile
    /// is deferred.
    @inlinable
    mutating func reportedStoreBegins() {
        switch phase {
        case .delivering: phase = .prior
        case .manual: phase = .manualPrior
        default: preconditionFailure("reportedStoreBegins() in phase \(phase)")
        }
    }

    /// Queues the notification of a set that `beginSet` answered with `.queue`.
    ///
    /// In a manual change pair the notification is dropped: the set joins the pair, which
    /// notifies at its `didChangeValue(for:)`, as KVO does.
    @inlinable
    mutating func enqueue(_ notification: Notification) {
        guard phase == .delivering else {
            checkDropsNotification()
            return
        }
        queued.append(notification)
        checkInvariants()
    }

    /// The rare branch of `enqueue(_:)`, out of line so that the inlined event stays as small
    /// as it was before the manual phases (inlined, the check cost ObservableProperty's set
    /// 43 instructions, callgrind d W1): in `manual` the notification is dropped, elsewhere
    /// queueing is an illegal transition.
    @usableFromInline
    func checkDropsNotification() {
        guard phase == .manual else { preconditionFailure("enqueue(_:) in phase \(phase)") }
    }

    /// Keeps a set that `beginSet` answered with `.deferStore`.
    @inlinable
    mutating func enqueueDeferred(_ set: DeferredSet) {
        guard phase != .idle else { preconditionFailure("enqueueDeferred(_:) while idle") }
        deferred.append(set)
        checkInvariants()
    }

    /// Starts delivering a notification that is not the result of a set (an `.initial`
    /// call made while nothing is under way); answers `false` when one is already under way,
    /// in which case the caller queues it with `enqueue(_:)`.
    @inlinable
    mutating func beginExtraNotification() -> Bool {
        guard phase == .idle else { return false }
        phase = .delivering
        return true
    }

    /// Ends the notification in flight when nothing waits, making the machine idle again.
    ///
    /// Answers `false`, changing nothing, when something waits; the caller then calls
    /// `notificationEnded()`. The common case, without building an action.
    @inlinable
    @inline(__always)
    mutating func finishIfNothingWaits() -> Bool {
        guard phase == .delivering else { preconditionFailure("finishIfNothingWaits() in phase \(phase)") }
        guard queued.isEmpty, !hasDeferredSets else { return false }
        phase = .idle
        return true
    }

    /// The notification in flight (or a queued one) has been delivered.
    @inlinable
    @inline(__always)
    mutating func notificationEnded() -> NextAction {
        guard phase == .delivering else { preconditionFailure("notificationEnded() in phase \(phase)") }
        defer { checkInvariants() }
        if let next = queued.popFirst() { return .notify(next) }
        phase = .idle
        guard let next = deferred.popFirst() else { return .finish }
        return .store(next)
    }

    /// Forgets everything waiting and returns to `idle` (the storage that owned this machine
    /// was replaced); returns the deferred sets that had not been stored, in set order.
    @usableFromInline
    mutating func abandon() -> [DeferredSet] {
        let remaining = deferred.removeAll()
        self = DeliveryStateMachine()
        return remaining
    }
}
