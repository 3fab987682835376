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
        #expect(begin(&machine, 1) == "notify nil")
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
        #expect(begin(&machine, 1, prior: true) == "notify nil")
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
        #expect(begin(&machine, 2) == "notify nil")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "store 3 nil")
        #expect(begin(&machine, 3) == "notify nil")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "finish")
        #expect(!machine.hasDeferredSets)
        #expect(machine.valueAfterPendingStores == nil)
    }

    @Test func aDescriptionTravelsWithItsSetThroughEveryAction() {
        var machine = Machine()
        // Notified now: the action carries it.
        machine.describeNextSet("insertion")
        #expect(begin(&machine, 1, prior: true) == "notify insertion")
        // Deferred: the deferred set carries it, and the machine gives it back for that set.
        machine.describeNextSet("removal")
        _ = begin(&machine, 2)
        machine.priorPhaseEnded()
        // Queued: the notification is made from it.
        var machine2 = Machine()
        _ = begin(&machine2, 0)
        machine2.describeNextSet("replacement")
        _ = begin(&machine2, 4, "queued")
        #expect(step(&machine2) { describe($0.notificationEnded()) } == "notify queued replacement")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "store 2 removal")
        #expect(begin(&machine, 2) == "notify removal")
        // Taken whatever the set's action: the next set says nothing.
        _ = machine.notificationEnded()
        #expect(begin(&machine, 5) == "notify nil")
    }

    @Test func aDescriptionIsTakenByItsSetWhicheverActionItGets() {
        // Stored now, its notification queued: the next queued set says nothing.
        var machine = Machine()
        _ = begin(&machine, 0)
        machine.describeNextSet("insertion")
        #expect(begin(&machine, 1, "first") == "store")
        #expect(begin(&machine, 2, "second") == "store")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "notify first insertion")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "notify second")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "finish")
        // Kept: the next deferred set says nothing.
        #expect(begin(&machine, 3, prior: true) == "notify nil")
        machine.describeNextSet("removal")
        #expect(begin(&machine, 4) == "none")
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

    @Test func aMutationInPlaceKeepsItsDescriptionUntilItEnds() {
        var machine = Machine()
        machine.describeNextSet("insertion")
        machine.beginMutationInPlace()
        #expect(machine.phase == .delivering)
        // A set made during the mutation's reported store (Observation's `onChange`) is
        // deferred without taking the mutation's description.
        machine.reportedStoreBegins(storing: nil)
        #expect(begin(&machine, 9) == "none")
        machine.priorPhaseEnded()
        #expect(step(&machine) { $0.mutationInPlaceEnded() } == "insertion")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "store 9 nil")
        #expect(begin(&machine, 9) == "notify nil")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "finish")
        machine.beginMutationInPlace()
        #expect(step(&machine) { $0.mutationInPlaceEnded() } == nil)
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
        machine.describeNextSet("insertion")
        _ = begin(&machine, 1)
        _ = begin(&machine, 2)
        machine.describeNextSet("removal")
        #expect(
            step(&machine) { $0.abandon() }.map { describe($0) } == ["store 1 insertion", "store 2 nil"])
        #expect(machine.phase == .idle)
        #expect(!machine.hasDeferredSets)
        #expect(machine.valueInPriorPhase == nil)
        #expect(begin(&machine, 3) == "notify nil")
    }

    /// Begins a set of `value` on `machine` and describes the action; a queued notification
    /// is `notification` followed by the set's description, if any.
    private func begin(
        _ machine: inout Machine, _ value: Int, prior: Bool = false, _ notification: String = ""
    )
        -> String
    {
        describe(
            machine.beginSet(sendsPrior: prior, value: value) { collectionChange in
                [notification, collectionChange].compactMap { $0 }.joined(separator: " ")
            })
    }

    /// Runs one event on `machine` and returns its answer (`#expect` cannot mutate in place).
    private func step<M, Result>(_ machine: inout M, _ event: (inout M) -> Result) -> Result {
        event(&machine)
    }

    private func describe(_ action: Machine.SetAction) -> String {
        switch action {
        case .notify(let collectionChange): "notify \(collectionChange ?? "nil")"
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
