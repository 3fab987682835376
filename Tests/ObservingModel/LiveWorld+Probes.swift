/// An object an observation's handler captures, to see when the library releases the handler.
final class ModelProbe: Sendable {}

extension LiveWorld {
    /// A probe for the handler of `plan`'s observation to capture, watched weakly from now on.
    func probe(for plan: RegistrationPlan) -> ModelProbe {
        let probe = ModelProbe()
        probes[plan.token] = { [weak probe] in probe != nil }
        if case .subject(_, .note) = plan.place { lingeringProbes.insert(plan.token) }
        return probe
    }

    /// The observations whose handler is still alive.
    ///
    /// But for a plain key path's (`note`) whose object is gone while its token is held: its
    /// registration lives in the process-wide table of observed objects, which drops an entry
    /// whose object is gone only "when its identity is reused or when the table next grows
    /// past twice its live size" (`ObjectHome`), so when its handler is released
    /// is not the model's to say (see `ReferenceModel.liveProbes()`).
    func liveProbes() -> Set<Int> {
        Set(
            probes.filter { id, isAlive in
                isAlive() && !(lingeringProbes.contains(id) && tokens[id]?.isValid == false)
            }.keys)
    }
}
