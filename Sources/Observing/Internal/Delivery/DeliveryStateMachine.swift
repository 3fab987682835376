/// The delivery engine of one observable value, as a pure state machine: events in, actions
/// out, no locks and no user code (the shape of swift-async-algorithms' `DebounceStateMachine`).
///
/// Both `@Observed` (through `PropertyRegistry`, in the object's isolation domain) and
/// `ObservableProperty` (under its lock, from any thread) drive one machine each: one event,
/// then a `switch` on the action it returns. Each action carries everything the caller must
/// do; what waits (queued notifications, deferred sets with their descriptions, the set in its
/// prior phase) is kept by the machine. A set's description travels with the set: its driver
/// passes it to `beginSet`, and a deferred set hands it back with its value.
///
/// States:
/// - `idle`: no notification under way; a set notifies at once.
/// - `prior`: a set is sending its prior notifications, before its store; the machine holds
///   that set's value (`valueInPriorPhase`). A set made now (from a prior callback) is
///   deferred: stored, as a set of its own, after the set in flight.
/// - `delivering`: a set's notification is under way. A set made now (from a callback, or for
///   `ObservableProperty` from another thread) is stored at once and its notification queued
///   behind the one in flight, unless deferred sets are waiting, which it joins to keep set
///   order.
/// - `manualPrior`, `manual`: a `willChangeValue(for:)` is open on the property (sending its
///   prior notifications, then waiting for its `didChangeValue(for:)`). A set made from a
///   prior callback is deferred, as in `prior`, and stored as a set of its own once the prior
///   notifications are sent (the machine leaves the pair for it, then rejoins it); a set
///   made once the pair is open is stored and joins the pair, sending no notification of its
///   own, as in KVO. A store inside the pair that reports to Swift's Observation puts the
///   machine in `manualPrior` during its report, holding its value as `prior` does.
///
/// `Value` is the property's value, `CollectionChange` what describes a to-many set (as KVO's
/// `NSKeyValueChange.insertion`), `Notification` what a queued set carries to its
/// notification; a set waiting for its store is a `DeferredSet`. A driver whose sets store at
/// once (`ObservableProperty`) uses only `beginStoredSet` and `beginExtraNotification` for
/// them, so its machine never holds one.
@usableFromInline
struct DeliveryStateMachine<Value, CollectionChange, Notification> {
    /// A set waiting for its store: the value, and how the set changes a to-many value
    /// (`MutableArrayValue`), if it says.
    @usableFromInline
    struct DeferredSet {
        @usableFromInline var value: Value
        @usableFromInline var collectionChange: CollectionChange?

        @inlinable
        init(value: Value, collectionChange: CollectionChange?) {
            self.value = value
            self.collectionChange = collectionChange
        }
    }

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
        /// Notify now (the machine entered `prior`, holding the set, or `delivering`): send
        /// the prior notifications and call `priorPhaseEnded()` if the set sends them, store,
        /// deliver, then call `notificationEnded()`.
        case notify
        /// Store now; the machine queued the set's notification (or, in a manual change pair,
        /// joined the set to the pair).
        case store
        /// Nothing now: the machine keeps the set, and `notificationEnded()` hands it back.
        case none
    }

    /// What the caller does when a notification has ended.
    @usableFromInline
    enum NextAction {
        /// Deliver this queued notification (its value is already stored), then call
        /// `notificationEnded()` again.
        case notify(Notification)
        /// The machine is idle again; store this deferred set as a new set (which starts
        /// with `beginSet`, with the set's own description).
        case store(DeferredSet)
        /// The machine is idle; nothing is waiting.
        case finish
    }

    @usableFromInline private(set) var phase = Phase.idle
    /// Notifications queued behind the one in flight (`delivering` only).
    @usableFromInline var queued = Queue<Notification>()
    /// Sets deferred until the set in flight completes, in set order.
    @usableFromInline var deferred = Queue<DeferredSet>()
    /// The value the set in flight stores next, while it sends its prior notifications or
    /// while a store reports to Observation (`prior`, or `manualPrior` for a store in a pair).
    @usableFromInline private(set) var valueInPriorPhase: Value?
    /// The `willChangeValue`/`didChangeValue` pair open on the property, if any.
    ///
    /// Kept from its outermost `openPair` to its outermost `closePair`. It drives the machine
    /// (`manualPrior`, `manual`) only when it began while nothing was delivered; one begun
    /// inside a notification is delivered on its own, nested.
    var pair: ManualPair<Value>?

    @inlinable
    init() {}

    /// Whether deferred sets wait for their store.
    @inlinable
    var hasDeferredSets: Bool { !deferred.isEmpty }

    /// The value the property will hold once the set in flight and the deferred sets are
    /// stored, or `nil` when the machine holds no such value: nothing waits for a store, or
    /// the store under way has no value of its own to hold (a mutation in place, whose value
    /// is the storage's), in which case the property reads the value before that store.
    @inlinable
    var valueAfterPendingStores: Value? {
        if let last = deferred.last { return last.value }
        return phase == .prior || phase == .manualPrior ? valueInPriorPhase : nil
    }

    /// In the internal-checks build, traps unless the state is one the events can reach.
    ///
    /// Notifications queue only while one is delivered, a set is held only in its prior
    /// phase, and both queues are well formed. Called after every event that changes what
    /// waits.
    @inlinable
    func checkInvariants() {
        #if OBSERVING_INTERNAL_CHECKS
            queued.checkInvariants()
            deferred.checkInvariants()
            precondition(
                queued.isEmpty || phase == .delivering || phase == .prior, "queued notifications in \(phase)")
            precondition(
                valueInPriorPhase == nil || phase == .prior || phase == .manualPrior,
                "a set's value held in phase \(phase)")
            checkPairInvariant()
        #endif
    }

    /// In the internal-checks build, traps if the machine is in its `manual` phase without the
    /// pair that joined it.
    ///
    /// `manualPrior` may outlive its pair: a `didChangeValue` from one of the pair's prior calls
    /// closes it, and `beginManualChange` leaves the phase once they are sent. Out of line: the
    /// pair is not part of the inlinable interface.
    @usableFromInline
    func checkPairInvariant() {
        #if OBSERVING_INTERNAL_CHECKS
            precondition(phase != .manual || pair?.isJoined == true, "the manual phase without its pair")
        #endif
    }

    /// A set begins.
    ///
    /// - Parameters:
    ///   - sendsPrior: Whether the set sends prior notifications before its store (only
    ///     consulted when the set notifies now).
    ///   - value: The value the set stores; evaluated only when the machine keeps the set.
    ///   - collectionChange: How the set changes a to-many value (`MutableArrayValue`,
    ///     `MutableSetValue`, or a deferred set stored again), which travels with the set;
    ///     `nil` for a plain set.
    ///   - notification: Makes the set's notification; called only when the machine queues it.
    /// - Returns: What the caller does with the set.
    @inlinable
    @inline(__always)
    mutating func beginSet(
        sendsPrior: Bool, value: @autoclosure () -> Value,
        collectionChange: @autoclosure () -> CollectionChange?,
        notification: () -> Notification
    ) -> SetAction {
        switch phase {
        case .idle:
            if sendsPrior {
                phase = .prior
                valueInPriorPhase = value()
            } else {
                phase = .delivering
            }
            return .notify
        case .prior, .manualPrior:
            deferStore(DeferredSet(value: value(), collectionChange: collectionChange()))
            return .none
        case .delivering, .manual:
            if hasDeferredSets {
                deferStore(DeferredSet(value: value(), collectionChange: collectionChange()))
                return .none
            }
            // In a manual change pair the notification is dropped: the set joins the pair,
            // which notifies at its `didChangeValue(for:)`, as KVO does.
            if phase == .delivering { enqueue(notification()) }
            return .store
        }
    }

    /// Queues a notification behind the one in flight: the rare branch of the set events,
    /// out of line so that an inlined event stays small enough for its caller to inline in
    /// turn (inlined, the append kept `ObservableProperty`'s locked step from inlining into
    /// its setter: callgrind d W1).
    @inlinable
    @inline(never)
    mutating func enqueue(_ notification: Notification) {
        queued.append(notification)
        checkInvariants()
    }

    /// Keeps a set made before the set in flight was stored.
    @inlinable
    mutating func deferStore(_ set: DeferredSet) {
        deferred.append(set)
        checkInvariants()
    }

    /// A mutation in place begins (`Observed`'s `_modify`), when nothing is under way.
    ///
    /// The machine enters `delivering`, as for a set without prior notifications; the
    /// mutation's notification is sent once it is done, and ended with `notificationEnded()`.
    /// What describes a to-many mutation stays with its driver, so that a set made meanwhile
    /// (from Observation's `onChange`, in the mutation's `willSet` report) cannot take it.
    ///
    /// Always inlined into the mutation's one caller, as the set's events are into the setter.
    @inlinable
    @inline(__always)
    mutating func beginMutationInPlace() {
        guard phase == .idle else { illegal("beginMutationInPlace()") }
        phase = .delivering
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

    /// A `willChangeValue(for:)` of the property: opens the pair, or nests in the one open.
    ///
    /// - Parameters:
    ///   - kind: The kind of change the pair reports.
    ///   - indexes: The indexes it reports, if any.
    ///   - oldValue: The old value it reports; evaluated only when this opens the pair.
    /// - Returns: The pair, when this call opened it (the caller sends its prior notifications
    ///   with `beginManualChange(sendsPrior:)`); `nil` when it nested in the pair open.
    mutating func openPair(kind: KeyValueChangeKind, indexes: Set<Int>?, oldValue: @autoclosure () -> Value?)
        -> ManualPair<Value>?
    {
        if let pair {
            pair.depth += 1
            return nil
        }
        let opened = ManualPair(kind: kind, indexes: indexes, oldValue: oldValue())
        pair = opened
        return opened
    }

    /// The prior calls of the pair the machine joined have been sent (`manual`), and some of
    /// them made sets, which were deferred: the machine leaves the pair (`idle`, the pair kept
    /// open) so that they are stored now, each as a set of its own, before the code between
    /// `willChangeValue` and `didChangeValue` runs and reads the property.
    ///
    /// - Returns: The first deferred set, to store as a new set (the others follow it as
    ///   deferred sets do, from `notificationEnded()`); `nil`, changing nothing, when none
    ///   waits or the machine is not in the pair.
    mutating func leavePairForDeferredSets() -> DeferredSet? {
        guard phase == .manual, let first = deferred.popFirst() else { return nil }
        phase = .idle
        checkInvariants()
        return first
    }

    /// A store that reported to Observation inside the pair the machine joined has ended
    /// (`manual` again): hands back the sets that trackers' `onChange` made during its report,
    /// which were deferred so that the store would not overwrite them, for the caller to store
    /// now, each as a set with its description.
    ///
    /// While the pair is still joined, they join it, as the pair's other sets do. If an
    /// `onChange` closed the pair meanwhile (its `didChangeValue` came while the machine was
    /// in `manualPrior`, so the pair was delivered on its own, before this store), the machine
    /// leaves it for `idle`, and the sets notify on their own; the store that joined the pair
    /// sends no notification of its own.
    ///
    /// Not inlinable: it runs only on `Observable` classes, and only inside a manual pair.
    ///
    /// - Returns: The deferred sets, in set order, possibly none once the machine left the
    ///   pair; `nil`, changing nothing, when the machine is not in `manual`, or is in its pair
    ///   and no set waits.
    @usableFromInline
    mutating func takeSetsAfterStoreInPair() -> [DeferredSet]? {
        guard phase == .manual else { return nil }
        if pair?.isJoined == true {
            guard !deferred.isEmpty else { return nil }
        } else {
            phase = .idle
        }
        var sets: [DeferredSet] = []
        while let next = deferred.popFirst() { sets.append(next) }
        checkInvariants()
        return sets
    }

    /// Enters the pair again once the sets `leavePairForDeferredSets()` handed back are stored,
    /// so that later sets join it.
    ///
    /// - Returns: `false`, changing nothing, when the pair is no longer open (a callback closed
    ///   it) or the machine is not idle; the pair is then delivered on its own.
    mutating func rejoinPair(_ left: ManualPair<Value>) -> Bool {
        guard phase == .idle, pair === left else { return false }
        phase = .manual
        checkInvariants()
        return true
    }

    /// A `didChangeValue(for:)` of the property: closes one level of the pair open.
    ///
    /// - Returns: The pair, when this closed its outermost level (the caller notifies it);
    ///   `nil` when a level stays open or no pair is open (a `didChangeValue` without its
    ///   `willChangeValue`, or one whose storage was replaced meanwhile).
    mutating func closePair() -> ManualPair<Value>? {
        guard let pair else { return nil }
        pair.depth -= 1
        guard pair.depth == 0 else { return nil }
        self.pair = nil
        return pair
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

    /// The prior notifications of the set in flight have been sent (or a store has reported
    /// to Observation); it stores next, and the machine no longer holds it.
    @inlinable
    @inline(__always)
    mutating func priorPhaseEnded() {
        switch phase {
        case .prior:
            phase = .delivering
            if valueInPriorPhase != nil { valueInPriorPhase = nil }
        case .manualPrior:
            phase = .manual
            if valueInPriorPhase != nil { valueInPriorPhase = nil }
        default: illegal("priorPhaseEnded()")
        }
    }

    /// A store that reports to Swift's Observation begins, while a notification is under way
    /// or inside the pair the machine joined: its `willSet` report runs trackers' `onChange`
    /// before the store, as prior callbacks run, so the machine is in `prior` (or
    /// `manualPrior`), holding the value stored (`nil` for a mutation in place, whose value is
    /// the storage's), until `priorPhaseEnded()`, and a set made meanwhile is deferred.
    @inlinable
    mutating func reportedStoreBegins(storing value: Value?) {
        switch phase {
        case .delivering:
            phase = .prior
            if let value { valueInPriorPhase = value }
        case .manual:
            phase = .manualPrior
            if let value { valueInPriorPhase = value }
        default: illegal("reportedStoreBegins(storing:)")
        }
    }

    /// Starts delivering a notification that is not the result of a set (an `.initial`
    /// call made while nothing is under way).
    ///
    /// - Parameter notification: Makes the notification; called only when one is already
    ///   under way, which the machine then queues behind it.
    /// - Returns: `true` when the caller delivers now (and then calls `notificationEnded()`),
    ///   `false` when the machine queued the notification.
    @inlinable
    mutating func beginExtraNotification(_ notification: () -> Notification) -> Bool {
        beginNotificationOfStoredValue("beginExtraNotification(_:)", notification)
    }

    /// A notification whose value is already in place begins (`beginExtraNotification`,
    /// `beginStoredSet`): the machine enters `delivering` when idle, and queues it behind the
    /// one in flight otherwise; any other phase is an illegal `event`.
    @inlinable
    @inline(__always)
    mutating func beginNotificationOfStoredValue(_ event: StaticString, _ notification: () -> Notification)
        -> Bool
    {
        switch phase {
        case .idle:
            phase = .delivering
            return true
        case .delivering:
            enqueue(notification())
            return false
        case .prior, .manualPrior, .manual:
            illegal(event)
        }
    }

    /// The notification in flight (or a queued one) has been delivered.
    @inlinable
    @inline(__always)
    mutating func notificationEnded() -> NextAction {
        if endsIfNothingWaits() { return .finish }
        return nextWaiting()
    }

    /// The common case of `notificationEnded()`, which it is built on.
    ///
    /// When nothing waits, the machine is idle again and this answers `true`; otherwise it
    /// changes nothing and answers `false`, and the caller takes the next action from
    /// `notificationEnded()`. A driver that delivers under a lock tests this first, so that
    /// the common case builds no action.
    @inlinable
    @inline(__always)
    mutating func endsIfNothingWaits() -> Bool {
        guard phase == .delivering else { illegal("notificationEnded()") }
        guard queued.isEmpty, deferred.isEmpty else { return false }
        phase = .idle
        return true
    }

    /// The rest of `notificationEnded()`, out of line so that the inlined event stays two
    /// loads and a store (inlined whole, it made `ObservableProperty`'s setter too large to
    /// inline its delivery loop: callgrind d W1 539 -> 704 instructions).
    @inlinable
    @inline(never)
    mutating func nextWaiting() -> NextAction {
        defer { checkInvariants() }
        if let next = queued.popFirst() { return .notify(next) }
        phase = .idle
        guard let next = deferred.popFirst() else { return .finish }
        return .store(next)
    }

    /// Lets `body` change each queued notification in place (`PropertyRegistry`'s
    /// `takeOutOfWaitingChanges`, which empties a registration's slots in them).
    mutating func updateWaitingNotifications(_ body: (inout Notification) -> Void) {
        for index in queued.slots.indices {
            // Moved out and back, so that a notification's entry list is changed in place.
            guard var notification = queued.slots[index].take() else { continue }
            body(&notification)
            queued.slots[index] = notification
        }
    }

    /// Traps for an event the machine's state does not allow, naming both; every event's
    /// check ends here, out of line, so that an inlined event carries no message formatting.
    @usableFromInline
    @inline(never)
    func illegal(_ event: StaticString) -> Never {
        preconditionFailure("\(event) in phase \(phase)")
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

extension DeliveryStateMachine {
    /// A set that is already stored begins, for a driver whose sets never wait for a store
    /// (`ObservableProperty`, whose sets store at once and send no prior phase of their own);
    /// such a driver never makes the machine hold a set.
    ///
    /// - Parameter notification: Makes the set's notification; called only when one is
    ///   already under way, which the machine then queues behind it.
    /// - Returns: `true` when the caller notifies now (the machine entered `delivering`; end
    ///   with `notificationEnded()`), `false` when the machine queued the notification.
    @inlinable
    @inline(__always)
    mutating func beginStoredSet(_ notification: () -> Notification) -> Bool {
        beginNotificationOfStoredValue("beginStoredSet(_:)", notification)
    }
}

extension DeliveryStateMachine {
    /// A first-in, first-out queue: the machine's queued notifications and its deferred sets.
    ///
    /// An array and the index of its head. Each element is taken out of its slot as it is handed
    /// out, so that the caller, not the machine, releases it (a value may run arbitrary
    /// `deinit`s); the array is emptied, keeping its capacity, once the head reaches its end.
    ///
    /// - Complexity: O(1) amortized for `append(_:)` and `popFirst()`.
    @usableFromInline
    struct Queue<Element> {
        @usableFromInline var slots: [Element?] = []
        @usableFromInline var head = 0

        @inlinable
        init() {}

        /// Whether nothing waits: the slots are emptied once the head reaches their end, so this
        /// is one load (the finishing test of every notification, observe-bench W1).
        @inlinable
        var isEmpty: Bool { slots.isEmpty }

        /// The element appended last, if any waits.
        @inlinable
        var last: Element? { isEmpty ? nil : slots[slots.count - 1] }

        /// Adds `element` at the end.
        @inlinable
        mutating func append(_ element: Element) {
            slots.append(element)
        }

        /// Removes and returns the element at the front, or `nil` when nothing waits.
        @inlinable
        mutating func popFirst() -> Element? {
            guard head < slots.count else { return nil }
            // A slot is emptied only here, as the head passes it, so the one at the head still
            // holds its element; checked in the checks build only (a trap here, even out of line,
            // costs every notified set 7 instructions, callgrind b W1).
            #if OBSERVING_INTERNAL_CHECKS
                precondition(slots[head] != nil, "a queued element was handed out twice")
            #endif
            let element = slots[head].take()
            head += 1
            if head == slots.count {
                slots.removeAll(keepingCapacity: true)
                head = 0
            }
            return element
        }

        /// Removes and returns every element that waits, in order.
        @inlinable
        mutating func removeAll() -> [Element] {
            defer { self = Queue() }
            return slots[head...].compactMap { $0 }
        }

        /// In the internal-checks build, traps unless the head is within the slots and the first
        /// and last waiting slots still hold their elements (O(1), so that a long queue does not
        /// make the checks build quadratic).
        @inlinable
        func checkInvariants() {
            #if OBSERVING_INTERNAL_CHECKS
                precondition(head <= slots.count, "queue head \(head) past \(slots.count) slots")
                precondition(
                    head < slots.count || slots.isEmpty, "an exhausted queue keeps \(slots.count) slots")
                if head < slots.count {
                    precondition(
                        slots[head] != nil && slots[slots.count - 1] != nil, "a waiting slot was handed out")
                }
            #endif
        }
    }
}
