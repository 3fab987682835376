import Observing

extension ReferenceModel {
    /// One call waiting on the delivery queue.
    struct QueuedCall {
        var registration: Int
        var key: String
        var line: String
        var phase: ReactionPhase
        /// The subject the call holds until it runs, if it is a subject's.
        var subject: Int?
    }

    /// Puts a queue-delivered registration's call on the queue, behind the calls already there.
    ///
    /// The rule: "a set made from the object's `deinit` is not delivered on a queue, since the
    /// object cannot outlive its `deinit`"; any other call waits on the queue, and "the change
    /// and the object are retained until delivered".
    func enqueue(_ registration: Registration, key: String, line: String, phase: ReactionPhase) {
        var subject: Int?
        if case .subject(let root, _) = registration.place {
            guard subjects[root]?.phase == .alive else { return }
            subject = root
        }
        queue.append(
            QueuedCall(registration: registration.id, key: key, line: line, phase: phase, subject: subject))
    }

    /// Whether a call waiting on the queue holds `subject`.
    func isHeldByQueue(_ subject: Int) -> Bool {
        queue.contains { $0.subject == subject }
    }

    /// Runs the calls waiting on the queue when the drain begins, in the order they were queued
    /// (a serial queue runs them "in set order"); calls queued meanwhile (by a reaction) wait
    /// for the next drain.
    ///
    /// The rule: "Once the token is invalidated, nothing more is delivered, including changes
    /// already waiting on the queue": a call whose registration has ended by the time it runs
    /// does nothing. A dropped subject that the queue held deinitializes once the last call
    /// holding it has run (delivered or not), before the next call runs.
    func drainQueue() {
        let batch = queue
        queue = []
        for (index, call) in batch.enumerated() {
            if let registration = registrations[call.registration], isValid(registration: call.registration) {
                outcome.calls[call.key, default: []].append(call.line)
                if deinitDepth == 0, let reaction = registration.reaction, reaction.phase == call.phase {
                    registration.reaction = nil
                    fire(reaction)
                }
            }
            guard let subject = call.subject, let setsInDeinit = heldDrops[subject],
                !batch[(index + 1)...].contains(where: { $0.subject == subject }), !isHeldByQueue(subject)
            else { continue }
            heldDrops[subject] = nil
            deinitialize(subject, setsInDeinit: setsInDeinit)
        }
    }
}
