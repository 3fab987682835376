import Dispatch

/// Where each registration was made and how it delivers, for `observationSnapshot`: kept in
/// debug builds of the library only.
///
/// A registration's record is made by the public call that made it (`observe`,
/// `addObserver`, `bind`, a sequence, `observeChanges`), whose `file` and `line` default to the
/// caller's `#fileID` and `#line`. In release builds `record` is empty and inlined, so those
/// arguments and the delivery text are never formed (observe-bench W1-W5 do not see them).
///
/// Records are keyed by the identity of the registration's entry (or whole-object
/// observation), and removed by that object's `deinit`, so an identity is never reused while
/// its record stands. The table holds no reference to the registrations: nothing it drops, and
/// nothing it looks at under its lock, can run a `deinit`.
@usableFromInline
enum RegistrationSites {
    /// Where a registration was made and how it delivers.
    struct Site {
        let file: String
        let line: Int
        let delivery: String
    }

    #if DEBUG
        private static let table = LockedState([ObjectIdentifier: Site]())
    #endif

    /// Records where `entry` was made, in debug builds; nothing in release builds.
    @inlinable
    @inline(__always)
    static func record(
        _ entry: EntryBase, file: StaticString, line: UInt, delivery: @autoclosure () -> String
    ) {
        #if DEBUG
            entry.hasSite = true
            store(ObjectIdentifier(entry), file: "\(file)", line: Int(line), delivery: delivery())
        #endif
    }

    /// Records where a whole-object observation was made, in debug builds.
    static func record(
        _ observation: WholeObjectObservation, file: StaticString, line: UInt,
        delivery: @autoclosure () -> String
    ) {
        #if DEBUG
            observation.hasSite = true
            store(ObjectIdentifier(observation), file: "\(file)", line: Int(line), delivery: delivery())
        #endif
    }

    @usableFromInline
    static func store(_ registration: ObjectIdentifier, file: String, line: Int, delivery: String) {
        #if DEBUG
            let site = Site(file: file, line: line, delivery: delivery)
            table.withLock { $0[registration] = site }
        #endif
    }

    /// Drops the record of a registration whose `deinit` is running.
    @usableFromInline
    static func forget(_ registration: ObjectIdentifier) {
        #if DEBUG
            _ = table.withLock { $0.removeValue(forKey: registration) }
        #endif
    }

    /// How a handler on `queue` runs, as a snapshot shows it.
    @usableFromInline
    static func delivery(on queue: DispatchQueue?) -> String {
        queue.map { "queue \"\($0.label)\"" } ?? "synchronous"
    }

    /// How a handler isolated to `actor` runs, as a snapshot shows it.
    @usableFromInline
    static func delivery(isolatedTo actor: (any Actor)?) -> String {
        actor.map { "isolated to \(type(of: $0))" } ?? "synchronous"
    }

    /// The record of `registration`, if it has one (debug builds).
    static func site(of registration: AnyObject) -> Site? {
        #if DEBUG
            return table.withLock { $0[ObjectIdentifier(registration)] }
        #else
            return nil
        #endif
    }
}
