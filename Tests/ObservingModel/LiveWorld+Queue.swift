import Dispatch

extension LiveWorld {
    /// Runs the calls waiting on the delivery queue when the drain begins, then suspends the
    /// queue again; records what the queue-delivered handlers received.
    ///
    /// A marker queued behind the waiting calls (while the queue is still suspended) suspends
    /// the queue from the queue itself, so that calls a handler queues meanwhile wait for the
    /// next drain, as in the model, whatever the threads' timing.
    func drainQueue() {
        guard hasQueuedRegistrations else { return }
        let drained = DispatchSemaphore(value: 0)
        queue.async { [queue] in
            queue.suspend()
            drained.signal()
        }
        queue.resume()
        drained.wait()
        let delivered = queueLock.withLock {
            defer { queueCalls = [] }
            return queueCalls
        }
        for call in delivered { outcome.calls[call.key, default: []].append(call.line) }
    }

    /// Runs what is left on the queue, unrecorded, before the world goes (queued handlers hold
    /// the world unowned): drains again while a drain fires reactions, the only thing that
    /// queues calls during a drain.
    func finish() {
        repeat {
            outcome = StepOutcome()
            drainQueue()
        } while !outcome.firedReactions.isEmpty
    }
}
