extension KeyValueObservable {
    /// What observes this object now: each observed property with its registrations (options,
    /// observer, context, whether derived, and, in debug builds, delivery and call site), and
    /// the object's whole-object observations.
    ///
    /// The structured counterpart of KVO's `observationInfo`. Take it in the object's
    /// isolation domain, as a set: `@Observed` properties are found through `Mirror`, as
    /// `removeObserver(_:)` finds them, which reads the object's stored properties (and a class
    /// with a custom `customMirror` shows what its mirror shows). Safe from inside a handler:
    /// each property's registrations are copied under its lock, as a notification copies
    /// them, and described after the lock is released.
    ///
    /// - Complexity: O(*p* + *r*), where *p* is the number of stored properties of the object
    ///   and *r* the number of its registrations.
    public var observationSnapshot: ObservationSnapshot {
        ObservationSnapshot(of: self)
    }

    /// ``observationSnapshot`` as text: one line for the object, then each observed property
    /// (its key path, as Swift prints it) with one line per registration.
    ///
    /// ```
    /// Profile: 2 registrations
    ///   \Profile.unread
    ///     [.initial, .new], closure, isolated to MainActor, at App/UnreadLabel.swift:9
    ///     [.new], BadgeView, context "Badge", synchronous, at App/BadgeView.swift:21
    /// ```
    ///
    /// Print it where a handler fires unexpectedly, or where an observer seems to leak: a
    /// registration that should have ended is still listed, with the line that made it.
    ///
    /// - Complexity: As ``observationSnapshot``.
    public var observationDescription: String {
        observationSnapshot.description
    }

    /// The number of distinct live registrations on this object, across its properties: a
    /// derived registration that depends on several of them counts once, a whole-object
    /// observation once, and a computed key path of this object that reads only other objects'
    /// storage counts here too (and on each object it reads).
    ///
    /// For tests that check that what they registered on an object has ended; unlike the
    /// process-wide ``ObservationSnapshot/liveRegistrationCount``, other tests' registrations
    /// do not move it. A registration counts as ``observerCount(for:)`` counts it: while it
    /// is live (its token valid, its observer alive).
    ///
    /// - Complexity: As ``observationSnapshot``.
    public var totalObserverCount: Int {
        observationSnapshot.registrationCount
    }
}
