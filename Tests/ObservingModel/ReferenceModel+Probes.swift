import Observing

extension ReferenceModel {
    /// The observations whose handler must still be alive: each `observe` handler captures a
    /// probe object, which lives exactly as long as the library retains the handler.
    ///
    /// The rule: "The handler is retained until the token is invalidated or deallocated, or the
    /// object deallocates" (`observe(_:options:changeHandler:)`; for the observable property,
    /// which never deallocates here, "until the token is invalidated or deallocated"), and the
    /// token's: "the handler is released at once" (no notification is in flight when a step
    /// ends), calls still waiting on the queue included, since they are dropped. So a probe is
    /// alive exactly while its token is valid: a derived observation (a computed key path or a
    /// chain) ends as its root starts to deinitialize, a direct one when the object is gone,
    /// and a subject that queued calls hold is still alive.
    ///
    /// Not so for a plain key path (`note`): its handler outlives the object, until the
    /// process-wide table of observed objects drops the object's entry, which it does when the
    /// identity is reused or the table grows; the library's world leaves such a handler out
    /// while its token is held (and it must be gone once the token is dropped).
    /// The library's documentation of `observe` promises otherwise: a disagreement, reported.
    func liveProbes() -> Set<Int> {
        probed.filter { isValid(registration: $0) }
    }
}
