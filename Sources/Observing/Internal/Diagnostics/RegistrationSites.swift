import Dispatch

/// Where each registration was made and how it delivers, for `observationSnapshot`: kept in
/// debug builds of the library only.
///
/// A registration's record is made by the public call that made it (`observe`,
/// `addObserver`, `bind`, `observeChanges`), whose `file` and `line` default to the caller's
/// `#fileID` and `#line`. In release builds `record` is empty and inlined, so those arguments
/// and the delivery text are never formed (observe-bench W1-W5 do not see them).
///
/// Records are keyed by the registration's entry (or whole-object observation), which they
/// hold weakly: a record whose registration is gone is ignored, replaced when the identifier
/// is reused, and dropped by the next pruning.
@usableFromInline
enum RegistrationSites {
    /// Where a registration was made and how it delivers.
    struct Site {
        weak var registration: AnyObject?
        let file: String
        let line: Int
        let delivery: String
    }

    #if DEBUG
        private struct Table {
            var sites: [ObjectIdentifier: Site] = [:]
            /// The size after the last pruning; the table is pruned when it doubles.
            var prunedSize = 64
        }

        private static let table = LockedState(Table())
    #endif

    /// Records where `registration` was made, in debug builds; nothing in release builds.
    @inlinable
    @inline(__always)
    static func record(
        _ registration: AnyObject, file: StaticString, line: UInt, delivery: @autoclosure () -> String
    ) {
        #if DEBUG
            store(registration, file: "\(file)", line: Int(line), delivery: delivery())
        #endif
    }

    @usableFromInline
    static func store(_ registration: AnyObject, file: String, line: Int, delivery: String) {
        #if DEBUG
            let site = Site(registration: registration, file: file, line: line, delivery: delivery)
            table.withLock { table in
                table.sites[ObjectIdentifier(registration)] = site
                guard table.sites.count > 2 * table.prunedSize else { return }
                table.sites = table.sites.filter { $0.value.registration != nil }
                table.prunedSize = max(64, table.sites.count)
            }
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

    /// The record of `registration`, if it has one (debug builds) and it is still its own.
    static func site(of registration: AnyObject) -> Site? {
        #if DEBUG
            return table.withLock { table in
                guard let site = table.sites[ObjectIdentifier(registration)],
                    site.registration === registration
                else { return nil }
                return site
            }
        #else
            return nil
        #endif
    }
}
