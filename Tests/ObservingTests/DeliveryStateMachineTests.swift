import Testing

@testable import Observing

/// The delivery engine's state machine on its own: events in, actions out.
@Suite struct DeliveryStateMachineTests {
    private typealias Machine = DeliveryStateMachine<String, Int>

    @Test func aSetWhileIdleNotifiesAndReturnsToIdle() {
        var machine = Machine()
        #expect(step(&machine) { $0.beginSet(sendsPrior: false) } == .notify)
        #expect(machine.phase == .delivering)
        #expect(step(&machine) { $0.finishIfNothingWaits() })
        #expect(machine.phase == .idle)
    }

    @Test func setsDuringADeliveryAreQueuedAndHandedOutInOrder() {
        var machine = Machine()
        _ = machine.beginSet(sendsPrior: false)
        #expect(step(&machine) { $0.beginSet(sendsPrior: true) } == .queue)
        machine.enqueue("first")
        #expect(step(&machine) { $0.beginSet(sendsPrior: false) } == .queue)
        machine.enqueue("second")
        #expect(!step(&machine) { $0.finishIfNothingWaits() })
        #expect(step(&machine) { describe($0.notificationEnded()) } == "notify first")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "notify second")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "finish")
        #expect(machine.phase == .idle)
    }

    @Test func setsDuringThePriorPhaseAreDeferredAndLaterSetsJoinThem() {
        var machine = Machine()
        #expect(step(&machine) { $0.beginSet(sendsPrior: true) } == .notify)
        #expect(machine.phase == .prior)
        #expect(step(&machine) { $0.beginSet(sendsPrior: true) } == .deferStore)
        machine.enqueueDeferred(1)
        machine.priorPhaseEnded()
        // After the store, a set joins the deferred ones, to keep set order.
        #expect(step(&machine) { $0.beginSet(sendsPrior: false) } == .deferStore)
        machine.enqueueDeferred(2)
        #expect(machine.lastDeferredSet == 2)
        #expect(step(&machine) { describe($0.notificationEnded()) } == "store 1")
        #expect(machine.phase == .idle)
        #expect(step(&machine) { $0.beginSet(sendsPrior: false) } == .notify)
        #expect(step(&machine) { describe($0.notificationEnded()) } == "store 2")
        #expect(step(&machine) { $0.beginSet(sendsPrior: false) } == .notify)
        #expect(step(&machine) { describe($0.notificationEnded()) } == "finish")
        #expect(!machine.hasDeferredSets)
    }

    @Test func queuedNotificationsGoBeforeDeferredStores() {
        var machine = Machine()
        _ = machine.beginSet(sendsPrior: false)
        machine.enqueue("queued")
        machine.enqueueDeferred(7)
        #expect(step(&machine) { describe($0.notificationEnded()) } == "notify queued")
        #expect(step(&machine) { describe($0.notificationEnded()) } == "store 7")
    }

    @Test func anExtraNotificationStartsOnlyWhenIdle() {
        var machine = Machine()
        #expect(step(&machine) { $0.beginExtraNotification() })
        #expect(!step(&machine) { $0.beginExtraNotification() })
        #expect(step(&machine) { $0.finishIfNothingWaits() })
        #expect(step(&machine) { $0.beginExtraNotification() })
    }

    @Test func abandoningReturnsTheDeferredSetsAndResets() {
        var machine = Machine()
        _ = machine.beginSet(sendsPrior: true)
        machine.enqueueDeferred(1)
        machine.enqueueDeferred(2)
        #expect(step(&machine) { $0.abandon() } == [1, 2])
        #expect(machine.phase == .idle)
        #expect(!machine.hasDeferredSets)
    }

    /// Runs one event on `machine` and returns its answer (`#expect` cannot mutate in place).
    private func step<Result>(_ machine: inout Machine, _ event: (inout Machine) -> Result) -> Result {
        event(&machine)
    }

    private func describe(_ action: Machine.NextAction) -> String {
        switch action {
        case .notify(let notification): "notify \(notification)"
        case .store(let set): "store \(set)"
        case .finish: "finish"
        }
    }
}
