/// Runs calls on an actor that is not the main actor, one at a time, in the order they were
/// sent from any thread; for a queue's handler isolated to that actor (`ActorHop`).
///
/// A call sent while none waits starts one task, which runs on the actor every call waiting
/// and every call sent meanwhile, then ends; a call sent after that starts the next. At most
/// one task runs the calls at a time, so they run exactly once each, in order, as a serial
/// queue's blocks do (tasks sent to an actor one by one would not keep their order).
@usableFromInline
final class ActorMailbox: @unchecked Sendable {
    // Sendable: `waiting` and `isRunning` are guarded by `lock`; `actor` is immutable.
    private let actor: any Actor
    private let lock = Lock()
    /// The calls not yet run, in the order they were sent.
    private var waiting: [@Sendable () -> Void] = []
    /// Whether a task is running the calls (or about to).
    private var isRunning = false

    init(_ actor: any Actor) {
        self.actor = actor
    }

    /// Sends `call`, which runs on the actor after every call sent before it.
    func send(_ call: @escaping @Sendable () -> Void) {
        let starts = lock.withLock {
            waiting.append(call)
            defer { isRunning = true }
            return !isRunning
        }
        guard starts else { return }
        Task { await Self.run(self, on: actor) }
    }

    /// Runs the mailbox's calls on `actor` until none waits.
    private static func run(_ mailbox: ActorMailbox, on actor: isolated any Actor) {
        while let calls = mailbox.takeWaiting() {
            for call in calls { call() }
        }
    }

    /// The calls waiting, oldest first; `nil`, and the task ends, when none waits.
    private func takeWaiting() -> [@Sendable () -> Void]? {
        lock.withLock {
            guard !waiting.isEmpty else {
                isRunning = false
                return nil
            }
            defer { waiting = [] }
            return waiting
        }
    }
}
