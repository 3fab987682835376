/// The handle of one observation: keep it to keep observing, invalidate or drop it to stop.
///
/// `invalidate()` ends the observation. After it returns:
/// - no notification calls the handler unless it had already reached this observation on
///   another thread when `invalidate()` was called (such a call may still be running, or
///   start, while `invalidate()` returns: the registration is checked, then the handler is
///   called without a lock, as in Swift's Observation and Combine);
/// - on the thread that invalidates (inside a handler, on the setting thread, or on the serial
///   queue a registration delivers on) nothing more is delivered at all;
/// - queued calls that have not started are dropped, on the queue too;
/// - the handler is released at once, also when another handler of the notification under way
///   invalidates it; when a notification on another thread still holds it, when the handler
///   is running (it invalidated its own token, or something it called did), or between a
///   `willChangeValue(for:)` made outside any notification and its `didChangeValue(for:)`, as
///   soon as that notification or pair ends.
///
/// Dropping the last reference to the token invalidates it too, as Combine's `AnyCancellable`
/// and Foundation's `NSKeyValueObservation` do. A token holds neither the observed object nor
/// the observer; only the handler is kept alive, by the observed object's registry.
///
/// Tokens are `Sendable`: invalidate or drop them on any thread.
///
/// ```swift
/// var tokens = Set<ObservationToken>()
/// profile.observe(\.unread, options: [.new]) { _, change in print(change.newValue ?? 0) }
///     .store(in: &tokens)
/// ```
public final class ObservationToken: Hashable, @unchecked Sendable {
    // Sendable: `isRemoved` is guarded by the registry's lock; the rest is immutable.

    /// What the token ends.
    private let target: Registered
    /// Entry form only: whether the token has taken its entry out of the list (removed or
    /// detached it); guarded by the list's lock, hence no dynamic exclusivity checks.
    @exclusivity(unchecked) private var isRemoved = false

    @usableFromInline
    init(_ registration: any Registration) {
        self.target = .registration(registration)
    }

    /// Owns `entry`, which `registrations` lists.
    @usableFromInline
    init(registrations: Registrations, entry: EntryBase) {
        self.target = .entry(registrations, Unmanaged.passUnretained(entry))
    }

    @usableFromInline
    init(_ registered: consuming Registered) {
        self.target = registered
    }

    deinit {
        // Read without the lock: only this token's own methods write `isRemoved`, and none of
        // them can run while it deinitializes (nothing else holds it), so an observation
        // invalidated before the token is dropped takes no second lock round trip.
        if case .entry = target, isRemoved { return }
        invalidate()
    }

    /// Ends the observation.
    ///
    /// Idempotent, safe from any thread and from inside a handler; a no-op once the observed
    /// object is gone.
    public func invalidate() {
        switch target {
        case .entry(let registrations, let entry):
            guard let removed = registrations.withLock({ $0.removeOwnedEntry(entry, isRemoved: &isRemoved) })
            else { return }
            // Also out of the copies that loops of this thread walk, unless one calls it.
            let copies = DeliveryFrame.takeOut(removed, listedIn: registrations)
            // The entry, and the handler it holds, is released here, after unlocking.
            withExtendedLifetime((removed, copies)) {}
        case .registration(let registration):
            registration.invalidate()
        }
    }

    /// Takes the entry out of its registry's list, as `invalidate()` does, but leaves it active.
    ///
    /// For a derived observation's re-wiring off the registry: a change in flight that listed
    /// the entry still reaches it (its prior call and its notification, in the entry's place),
    /// as KVO delivers a change to the observers it had when the change began. Later changes do
    /// not list it. Its owner ignores it once the registration has ended.
    func detach() {
        guard case .entry(let registrations, let entry) = target else { return }
        let removed = registrations.withLock {
            $0.removeOwnedEntry(entry, isRemoved: &isRemoved, deactivating: false)
        }
        withExtendedLifetime(removed) {}
    }

    /// Whether the observation is still active: `false` after `invalidate()` or once the
    /// observed object has deallocated, exactly while the handler is released.
    ///
    /// A key path that reads only other objects' storage, on an object none of whose own
    /// `@Observed` properties had been observed (or counted) when it registered, cannot see
    /// the object's end (see Getting Started): it
    /// stays valid, with its handler, until invalidated, until what it reads next changes, or
    /// until the process-wide table of observed objects drops the dead object's entry (when
    /// its identity is reused or the table grows).
    public var isValid: Bool {
        switch target {
        case .entry(let registrations, let entry):
            // The object of a key path notified by hand is loaded after unlocking: this load may
            // hold its last strong reference, and its `deinit` may end tokens of this registry.
            // Copying the weak reference under the lock makes no strong one.
            let (isListed, home) = registrations.withLock {
                ($0.containsOwnedEntry(entry, isRemoved: isRemoved), $0.home)
            }
            return isListed && (home.map { $0.value != nil } ?? true)
        case .registration(let registration):
            return registration.isValid
        }
    }

    /// Keeps the token in `set`, so that the observation lives as long as the set holds it.
    ///
    /// - Parameter set: The set to insert the token into.
    public func store(in set: inout Set<ObservationToken>) {
        set.insert(self)
    }

    /// Keeps the token in `array`.
    ///
    /// - Parameter array: The array to append the token to.
    public func store(in array: inout [ObservationToken]) {
        array.append(self)
    }

    /// Compares identities.
    ///
    /// - Parameters:
    ///   - lhs: A token.
    ///   - rhs: Another token.
    /// - Returns: Whether both are the same token.
    public static func == (lhs: ObservationToken, rhs: ObservationToken) -> Bool {
        lhs === rhs
    }

    /// Hashes the token's identity.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

extension ObservationToken: Registration {}
