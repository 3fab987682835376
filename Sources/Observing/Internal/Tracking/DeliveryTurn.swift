/// Whose turn it is to run a derived observation's calls: one thread at a time, so that a
/// computed property over `ObservableProperty`s set on several threads is never called
/// concurrently.
///
/// `@Observed` storage changes in one isolation domain, but two `ObservableProperty`s read by
/// one computed property may each deliver a set on its own thread at once. The first thread
/// takes the turn; a change that another thread reports meanwhile waits in the list and is run
/// by the thread holding the turn, after the call in flight, in the order reported (as a set
/// of an `ObservableProperty` from another thread is delivered by the thread delivering).
/// Calls nested on the thread holding the turn (a set from a handler) run at once, as they do
/// for `@Observed` storage.
///
/// Guarded by its observation's lock.
struct DeliveryTurn {
    /// One change reported by a dependency entry.
    enum Event {
        case willChange(isStored: Bool, registry: ObjectIdentifier)
        case didChange(registry: ObjectIdentifier)
    }

    /// The thread holding the turn (`ThreadIdentity.current`), or 0.
    private var holder: UInt = 0
    private var depth = 0
    private var waiting: [Event] = []

    /// Takes the turn, or nests in it, on this thread; else queues `event` for the holder.
    ///
    /// - Returns: Whether the caller runs `event` now (and calls `end()` after it).
    mutating func begin(_ event: Event) -> Bool {
        let thread = ThreadIdentity.current
        if holder != 0, holder != thread {
            waiting.append(event)
            return false
        }
        holder = thread
        depth += 1
        return true
    }

    /// Ends one call on the thread holding the turn.
    ///
    /// - Returns: The next waiting event, which the caller runs (and ends) next, when the
    ///   outermost call ended and one waits; `nil` otherwise, releasing the turn once nothing
    ///   waits.
    mutating func end() -> Event? {
        depth -= 1
        guard depth == 0 else { return nil }
        guard !waiting.isEmpty else {
            holder = 0
            return nil
        }
        depth = 1
        return waiting.removeFirst()
    }
}
