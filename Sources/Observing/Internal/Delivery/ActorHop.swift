import Dispatch

/// How a handler isolated to an actor reaches that actor from its registration's queue.
///
/// A queue's handler written in an actor's isolation (a closure in `@MainActor` code, with
/// `queue: .main` or any other queue) may use the actor's state, so it must run on that actor
/// and nowhere else. When the queue is not the actor's own (the main queue is the main
/// actor's), the queue's block does not call the handler: it sends the call on to the actor,
/// which runs the calls in the order the queue sent them. So the handler runs after the queue
/// reached the change, on its actor, in set order when the queue is serial, and a call that
/// waits on the actor checks the registration when it runs, as one waiting on the queue does
/// (`QueuedHandler`).
@usableFromInline
enum ActorHop: Sendable {
    /// The main actor: the call goes to the main queue, whose blocks run on it in order.
    case mainQueue
    /// Any other actor: the call goes to a mailbox that runs the calls there, in order.
    case mailbox(ActorMailbox)

    /// The hop a handler isolated to `actor` needs after `queue`: `nil` when the handler has no
    /// actor, or when `queue` is the main queue and the actor the main actor (its blocks
    /// already run there).
    @usableFromInline
    static func after(_ queue: DispatchQueue, to actor: (any Actor)?) -> ActorHop? {
        guard let actor else { return nil }
        if actor is MainActor {
            return MainThread.isMainQueue(queue) ? nil : .mainQueue
        }
        return .mailbox(ActorMailbox(actor))
    }

    /// Sends `call` to the actor, after the calls sent before it.
    @usableFromInline
    func send(_ call: @escaping @Sendable () -> Void) {
        switch self {
        case .mainQueue:
            DispatchQueue.main.async(execute: call)
        case .mailbox(let mailbox):
            mailbox.send(call)
        }
    }
}
