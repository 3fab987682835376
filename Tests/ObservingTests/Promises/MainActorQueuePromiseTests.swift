import Dispatch
import Foundation
import Observing
import Testing

/// Promises of the queue forms of `observe` for handlers written in an actor's isolation:
/// main-actor code receives changes set elsewhere on the main queue, with no annotation
/// (no `@Sendable`, `MainActor.assumeIsolated` or `nonisolated` in this file's handlers:
/// that they compile is the first check).
@MainActor @Suite struct MainActorQueuePromiseTests {
    /// An `@Observed` property set on the main actor reaches a main-actor handler registered
    /// with `queue: .main` on the main queue, after the sets, in set order.
    ///
    /// KeyValueObservable+Observe.swift (`observe(_:options:queue:file:line:changeHandler:)`):
    /// "Written inside a `@MainActor` class [...] it may use the actor's state [...] With
    /// `queue: .main` and the main actor, it runs on the main queue, which is the main actor's,
    /// in set order"; ThreadsQueuesAndActors.md says the same.
    @Test func anObservedPropertyReachesItsMainActorHandlerOnTheMainQueueInSetOrder() async {
        let profile = Profile()
        let model = QueuedViewModel()
        model.show(profile, on: .main)
        profile.unread = 1
        profile.unread = 2
        profile.unread = 3
        // The handler runs on the main queue, which this test holds until it awaits.
        #expect(model.lines.isEmpty)

        await mainQueueRuns()

        #expect(model.lines == ["unread 1 on main", "unread 2 on main", "unread 3 on main"])
        #expect(model.label.text == "3")
    }

    /// An `ObservableProperty` set from background threads reaches a main-actor handler
    /// registered with `queue: .main` on the main queue, in set order: each change's old value
    /// is the previous change's new value, whichever thread set it.
    ///
    /// ObservableProperty.swift (`observe(options:queue:changeHandler:)`): "with
    /// `queue: .main` and the main actor, on the main queue, in change order"; the handler
    /// "runs asynchronously, after each set, in the order of the changes, whatever thread made
    /// them"; ThreadsQueuesAndActors.md says the same.
    @Test func anObservablePropertySetOnOtherThreadsReachesItsMainActorHandlerInSetOrder() async {
        let volume = ObservableProperty(0)
        let model = QueuedViewModel()
        model.show(volume, on: .main)
        runOnThreads([{ for value in 1...5 { volume.value = value } }])
        #expect(model.lines.isEmpty)

        await mainQueueRuns()

        #expect(model.lines == (1...5).map { "volume \($0 - 1) -> \($0) on main" })
        #expect(model.label.text == "5")

        // Four threads at once: every change arrives once, on the main queue, chained.
        model.lines = []
        let body: @Sendable () -> Void = { for _ in 0..<25 { volume.modify { $0 += 1 } } }
        runOnThreads([body, body, body, body])
        await mainQueueRuns()

        #expect(model.lines == (6...105).map { "volume \($0 - 1) -> \($0) on main" })
    }

    /// Invalidating before the main queue runs the calls waiting there delivers nothing more:
    /// for an `@Observed` property set on the main actor and an `ObservableProperty` set on
    /// another thread.
    ///
    /// KeyValueObservable+Observe.swift and ObservableProperty.swift: "Once the token is
    /// invalidated, nothing more is delivered, including changes already waiting on the queue
    /// or on the handler's actor."
    @Test func invalidatingBeforeTheMainQueueRunsDeliversNothingMore() async {
        let profile = Profile()
        let volume = ObservableProperty(0)
        let model = QueuedViewModel()
        model.show(profile, on: .main)
        model.show(volume, on: .main)
        profile.unread = 1
        runOnThreads([{ volume.value = 1 }])

        for token in model.tokens { token.invalidate() }
        await mainQueueRuns()

        #expect(model.lines.isEmpty)
        #expect(model.label.text.isEmpty)
    }

    /// With a queue that is not the main queue, a main-actor handler still runs on the main
    /// actor only, after that queue, in set order; a call already sent on to the main queue is
    /// dropped by an invalidation made before the main queue runs it.
    ///
    /// KeyValueObservable+Observe.swift: "With any other queue, each change goes to `queue`
    /// first, and the queue's block sends the call on to the handler's actor (for the main
    /// actor, to the main queue): the handler runs there, after the queue, in the order the
    /// queue sent the calls"; "including changes already waiting on the queue or on the
    /// handler's actor".
    @Test func aMainActorHandlerWithAnotherQueueRunsOnTheMainActorAfterIt() async {
        let worker = DispatchQueue(label: "MainActorQueuePromiseTests.worker")
        let profile = Profile()
        let model = QueuedViewModel()
        model.show(profile, on: worker)
        profile.unread = 1
        profile.unread = 2
        worker.sync {}  // the worker has sent both calls on to the main queue
        #expect(model.lines.isEmpty)

        await mainQueueRuns()
        #expect(model.lines == ["unread 1 on main", "unread 2 on main"])

        profile.unread = 3
        worker.sync {}  // the call for 3 waits on the main queue
        for token in model.tokens { token.invalidate() }
        await mainQueueRuns()

        #expect(model.lines == ["unread 1 on main", "unread 2 on main"])
    }

    /// A closure written in `@MainActor` code is isolated to the main actor even when it uses
    /// none of its state: with `queue: .global()` it runs on the main actor, after the queue.
    ///
    /// KeyValueObservable+Observe.swift and ObservableProperty.swift: "A closure written in
    /// `@MainActor` code is isolated to the main actor even when it uses none of its state, so
    /// `queue: .global()` there also runs [the handler] on the main actor."
    @Test func aMainActorHandlerWithTheGlobalQueueRunsOnTheMainActor() async {
        let volume = ObservableProperty(0)
        let seen = Recorder<String>()
        let token = volume.observe(options: [.new], queue: .global()) { change in
            seen.record("\(change.newValue ?? -1) on \(MainQueue.isCurrent ? "main" : "another queue")")
        }
        runOnThreads([{ volume.value = 7 }])

        while seen.events.isEmpty { await mainQueueRuns() }  // the global queue sends it on

        #expect(seen.events == ["7 on main"])
        token.invalidate()
    }

    /// A handler isolated to an actor other than the main actor runs on that actor, after its
    /// queue, in set order.
    ///
    /// ObservableProperty.swift: "Written inside [...] an actor, it is isolated to that actor
    /// [...] and only ever runs there: [...] with any other queue, each change goes to `queue`
    /// first and the queue's block sends the call on to the handler's actor [...] where it runs
    /// in the order the queue sent the calls."
    @Test func anActorHandlerWithAQueueRunsOnItsActorInSetOrder() async {
        let worker = DispatchQueue(label: "MainActorQueuePromiseTests.actor")
        let volume = ObservableProperty(0)
        let recorder = VolumeRecorder()
        await recorder.observe(volume, on: worker)
        runOnThreads([{ for value in 1...50 { volume.value = value } }])

        #expect(await recorder.values(count: 50) == Array(1...50))
        await recorder.invalidate()
    }

    /// Registered from a nonisolated context, a queue's handler is the plain `@Sendable` form
    /// and runs on the queue itself; from main-actor code, a queue passed as a
    /// `DispatchQueue?` selects that form too.
    ///
    /// KeyValueObservable+Observe.swift: "To run such a handler on the queue itself, as a plain
    /// `@Sendable` closure, pass the queue as a `DispatchQueue?` (`queue: Optional(worker)`
    /// [...]), which selects the `@Sendable` form of this method, or register from a
    /// nonisolated context"; ThreadsQueuesAndActors.md says the same.
    @Test func nonisolatedCodeAndAnOptionalQueueGetThePlainSendableForm() async {
        let key = DispatchSpecificKey<String>()
        let worker = DispatchQueue(label: "MainActorQueuePromiseTests.plain")
        worker.setSpecific(key: key, value: "worker")
        let counter = Counter()
        let seen = Recorder<String>()
        let place: @Sendable () -> String = {
            "\(DispatchQueue.getSpecific(key: key) ?? "?"), main \(MainQueue.isCurrent)"
        }
        let plain = Self.registerFromANonisolatedContext(counter, on: worker) { value in
            seen.record("nonisolated \(value) on \(place())")
        }
        let optional = counter.observe(\.value, options: [.new], queue: Optional(worker)) { _, change in
            seen.record("optional \(change.newValue ?? -1) on \(place())")
        }
        counter.value = 1
        worker.sync {}

        #expect(
            seen.events == [
                "nonisolated 1 on worker, main false", "optional 1 on worker, main false",
            ])
        plain.invalidate()
        optional.invalidate()
    }

    /// Registers with a queue from a nonisolated context: the handler has no actor.
    nonisolated static func registerFromANonisolatedContext(
        _ counter: Counter, on queue: DispatchQueue, record: @escaping @Sendable (Int) -> Void
    ) -> ObservationToken {
        counter.observe(\.value, options: [.new], queue: queue) { _, change in
            record(change.newValue ?? -1)
        }
    }
}

/// A main-actor view model written as a Swift 6 app writes one: a plain, non-`Sendable`
/// label, handlers that use main-actor state, and no annotation.
@MainActor final class QueuedViewModel {
    let label = Label()
    var lines: [String] = []
    var tokens: [ObservationToken] = []

    func show(_ profile: Profile, on queue: DispatchQueue) {
        profile.observe(\.unread, options: [.new], queue: queue) { _, change in
            self.label.text = "\(change.newValue ?? -1)"
            self.lines.append("unread \(change.newValue ?? -1) on \(MainQueue.isCurrent ? "main" : "?")")
        }.store(in: &tokens)
    }

    func show(_ volume: ObservableProperty<Int>, on queue: DispatchQueue) {
        volume.observe(options: [.old, .new], queue: queue) { change in
            self.label.text = "\(change.newValue ?? -1)"
            self.lines.append(
                "volume \(change.oldValue ?? -1) -> \(change.newValue ?? -1) on "
                    + (MainQueue.isCurrent ? "main" : "?"))
        }.store(in: &tokens)
    }
}

/// An actor whose queued handler records into its own state.
actor VolumeRecorder {
    private var recorded: [Int] = []
    private var tokens: [ObservationToken] = []
    private var waiter: (count: Int, continuation: CheckedContinuation<Void, Never>)?

    func observe(_ volume: ObservableProperty<Int>, on queue: DispatchQueue) {
        volume.observe(options: [.new], queue: queue) { change in
            self.preconditionIsolated()
            self.recorded.append(change.newValue ?? -1)
            if let waiter = self.waiter, self.recorded.count >= waiter.count {
                self.waiter = nil
                waiter.continuation.resume()
            }
        }.store(in: &tokens)
    }

    /// The values recorded, once there are `count` of them.
    func values(count: Int) async -> [Int] {
        if recorded.count < count {
            await withCheckedContinuation { waiter = (count, $0) }
        }
        return recorded
    }

    func invalidate() {
        for token in tokens { token.invalidate() }
    }
}

/// Waits until the main queue has run every block sent to it before this call.
@MainActor
func mainQueueRuns() async {
    await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        DispatchQueue.main.async { continuation.resume() }
    }
}

/// Whether the current code runs on the main queue.
///
/// `Thread.isMainThread` cannot tell on Linux, where the main queue's blocks may run on a thread
/// other than the process's first.
enum MainQueue {
    private static let key: DispatchSpecificKey<Bool> = {
        let key = DispatchSpecificKey<Bool>()
        DispatchQueue.main.setSpecific(key: key, value: true)
        return key
    }()

    static var isCurrent: Bool { DispatchQueue.getSpecific(key: key) == true }
}
