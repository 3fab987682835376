import Testing

@testable import Observing

/// The delivery engine's state machine on its own: events in, complete actions out, and what
/// waits kept by the machine.
@Suite struct DeliveryStateMachineTests {
    /// A machine of an `Int` property whose sets are described by a string (the to-many
    /// change, in the library) and whose notifications are strings.
    private typealias Machine = DeliveryStateMachine<Int, String, String>

    @Test func aSetWhileIdleNotifiesAndReturnsToIdle() {
        var machine = Machine()
        #expect(begin(&machine, 1) == "notify")
        #expect(machine.phase == .delivering)
        #expect(step(&machine) { $0.endsIfNothingWaits() })
        #expect(machine.phase == .idle)
    }

    @Test func setsDuringADeliveryAreQueuedByTheMachineAndHandedOutInOrder() {
        var machine = Machine()
        _ = begin(&machine, 0)
        #expect(begin(&machine, 1, prior: true, "first") == "store")
        #expect(begin(&machine, 2, "second") == "store")
        #expect(!step(&machine) { $0.endsIfNothingWaits() })
        #expect(machine.phase == .delivering)
        #expect(step(&machine) { describe($0.notificationEnded()) } == "notify first")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "notify second")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "finish")
        #expect(machine.phase == .idle)
    }

    @Test func thePriorPhaseHoldsItsSetAndDefersLaterOnes() {
        var machine = Machine()
        #expect(begin(&machine, 1, prior: true) == "notify")
        #expect(machine.phase == .prior)
        #expect(machine.valueInPriorPhase == 1)
        #expect(machine.valueAfterPendingStores == 1)
        // A set from a prior callback is kept by the machine, with nothing for the caller to do.
        #expect(begin(&machine, 2, prior: true) == "none")
        #expect(machine.valueAfterPendingStores == 2)
        machine.priorPhaseEnded()
        #expect(machine.valueInPriorPhase == nil)
        // After the store, a set joins the deferred ones, to keep set order.
        #expect(begin(&machine, 3) == "none")
        #expect(machine.valueAfterPendingStores == 3)
        #expect(step(&machine) { describe($0.notificationEnded()) } == "store 2 nil")
        #expect(machine.phase == .idle)
        #expect(begin(&machine, 2) == "notify")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "store 3 nil")
        #expect(begin(&machine, 3) == "notify")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "finish")
        #expect(!machine.hasDeferredSets)
        #expect(machine.valueAfterPendingStores == nil)
    }

    @Test func aDescriptionTravelsWithItsSetThroughEveryAction() {
        var machine = Machine()
        // Notified now: the caller has it; the machine keeps nothing.
        #expect(begin(&machine, 1, prior: true, described: "insertion") == "notify")
        // Deferred: the deferred set carries it, and hands it back for that set.
        #expect(begin(&machine, 2, described: "removal") == "none")
        machine.priorPhaseEnded()
        // Queued: the notification is made from it.
        var machine2 = Machine()
        _ = begin(&machine2, 0)
        _ = begin(&machine2, 4, "queued", described: "replacement")
        #expect(step(&machine2) { describe($0.notificationEnded()) } == "notify queued replacement")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "store 2 removal")
        #expect(begin(&machine, 2, described: "removal") == "notify")
        // A plain set after it says nothing.
        _ = machine.notificationEnded()
        #expect(begin(&machine, 5) == "notify")
    }

    @Test func eachSetKeepsItsOwnDescription() {
        // Stored now, its notification queued: the next queued set says nothing.
        var machine = Machine()
        _ = begin(&machine, 0)
        #expect(begin(&machine, 1, "first", described: "insertion") == "store")
        #expect(begin(&machine, 2, "second") == "store")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "notify first insertion")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "notify second")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "finish")
        // Kept: each deferred set with its own.
        #expect(begin(&machine, 3, prior: true) == "notify")
        #expect(begin(&machine, 4, described: "removal") == "none")
        #expect(begin(&machine, 5) == "none")
        #expect(
            step(&machine) { $0.abandon() }.map { describe($0) } == ["store 4 removal", "store 5 nil"])
    }

    @Test func queuedNotificationsGoBeforeDeferredStores() {
        var machine = Machine()
        _ = begin(&machine, 0)
        _ = begin(&machine, 1, "queued")
        machine.reportedStoreBegins(storing: 2)
        #expect(machine.valueAfterPendingStores == 2)
        _ = begin(&machine, 7)
        machine.priorPhaseEnded()
        #expect(step(&machine) { describe($0.notificationEnded()) } == "notify queued")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "store 7 nil")
    }

    @Test func aSetInAManualPairJoinsItWithoutANotification() {
        var machine = Machine()
        #expect(step(&machine) { $0.beginManualChange(sendsPrior: false) })
        #expect(machine.phase == .manual)
        #expect(begin(&machine, 1, prior: true, "dropped") == "store")
        #expect(step(&machine) { $0.manualChangeEnded() })
        #expect(step(&machine) { describe($0.notificationEnded()) } == "finish")
        // A pair begun while a notification is under way is delivered on its own.
        _ = begin(&machine, 2)
        #expect(!step(&machine) { $0.beginManualChange(sendsPrior: true) })
        #expect(machine.phase == .delivering)
    }

    @Test func aSetDuringAMutationsReportedStoreIsDeferredWithItsOwnDescription() {
        var machine = Machine()
        machine.beginMutationInPlace()
        #expect(machine.phase == .delivering)
        // A set made during the mutation's reported store (Observation's `onChange`) is
        // deferred, with its own description only.
        machine.reportedStoreBegins(storing: nil)
        #expect(begin(&machine, 9) == "none")
        machine.priorPhaseEnded()
        #expect(step(&machine) { describe($0.notificationEnded()) } == "store 9 nil")
        #expect(begin(&machine, 9) == "notify")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "finish")
    }

    @Test func anExtraNotificationStartsWhenIdleAndIsQueuedOtherwise() {
        var machine = Machine()
        #expect(step(&machine) { $0.beginExtraNotification { "unused" } })
        #expect(!step(&machine) { $0.beginExtraNotification { "initial" } })
        #expect(step(&machine) { describe($0.notificationEnded()) } == "notify initial")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "finish")
        #expect(step(&machine) { $0.beginExtraNotification { "unused" } })
    }

    @Test func aDriverThatStoresAtOnceNeverHoldsASet() {
        var machine = Machine()
        #expect(step(&machine) { $0.beginStoredSet { "unused" } })
        #expect(!step(&machine) { $0.beginStoredSet { "second" } })
        #expect(!step(&machine) { $0.endsIfNothingWaits() })
        switch machine.notificationEnded() {
        case .notify(let notification): #expect(notification == "second")
        case .finish: Issue.record("the queued set was lost")
        case .store: Issue.record("a driver whose sets store at once was handed a deferred set")
        }
        #expect(step(&machine) { $0.endsIfNothingWaits() })
        #expect(machine.phase == .idle)
    }

    @Test func abandoningReturnsTheDeferredSetsAndResets() {
        var machine = Machine()
        _ = begin(&machine, 0, prior: true)
        _ = begin(&machine, 1, described: "insertion")
        _ = begin(&machine, 2)
        #expect(
            step(&machine) { $0.abandon() }.map { describe($0) } == ["store 1 insertion", "store 2 nil"])
        #expect(machine.phase == .idle)
        #expect(!machine.hasDeferredSets)
        #expect(machine.valueInPriorPhase == nil)
        #expect(begin(&machine, 3) == "notify")
    }

    /// Begins a set of `value`, described as `described`, on `machine` and describes the
    /// action; a queued notification is `notification` followed by the set's description, if
    /// any.
    private func begin(
        _ machine: inout Machine, _ value: Int, prior: Bool = false, _ notification: String = "",
        described: String? = nil
    )
        -> String
    {
        describe(
            machine.beginSet(sendsPrior: prior, value: value, collectionChange: described) {
                [notification, described].compactMap { $0 }.joined(separator: " ")
            })
    }

    /// Runs one event on `machine` and returns its answer (`#expect` cannot mutate in place).
    private func step<M, Result>(_ machine: inout M, _ event: (inout M) -> Result) -> Result {
        event(&machine)
    }

    private func describe(_ action: Machine.SetAction) -> String {
        switch action {
        case .notify: "notify"
        case .store: "store"
        case .none: "none"
        }
    }

    private func describe(_ action: Machine.NextAction) -> String {
        switch action {
        case .notify(let notification): "notify \(notification)"
        case .store(let set): describe(set)
        case .finish: "finish"
        }
    }

    private func describe(_ set: Machine.DeferredSet) -> String {
        "store \(set.value) \(set.collectionChange ?? "nil")"
    }
}
