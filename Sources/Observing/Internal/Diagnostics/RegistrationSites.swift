import Dispatch

/// Where each registration was made and how it delivers, for `observationSnapshot`: kept in
/// debug builds of the library only, in the registration itself (its entry, or its
/// whole-object observation), so that no table outlives it.
///
/// A registration's record is made by the public call that made it (`observe`,
/// `addObserver`, `bind`, a sequence, `observeChanges`), whose `file` and `line` default to the
/// caller's `#fileID` and `#line`, before the registration is shared with any registry, so
/// that every later read (under a registry's lock) sees it. In release builds `record` is
/// empty and inlined, so those arguments and the delivery text are never formed
/// (observe-bench W1-W5 do not see them), and the registrations have no field for it.
@usableFromInline
enum RegistrationSites {
    /// Where a registration was made and how it delivers.
    @usableFromInline
    struct Site: Sendable {
        let file: String
        let line: Int
        let delivery: String
    }

    /// Records where `entry` was made, in debug builds; nothing in release builds.
    @inlinable
    @inline(__always)
    static func record(
        _ entry: EntryBase, file: StaticString, line: UInt, delivery: @autoclosure () -> String
    ) {
        #if DEBUG
            store(entry, file: "\(file)", line: Int(line), delivery: delivery())
        #endif
    }

    /// Records where a whole-object observation was made, in debug builds.
    static func record(
        _ observation: WholeObjectObservation, file: StaticString, line: UInt,
        delivery: @autoclosure () -> String
    ) {
        #if DEBUG
            observation.site = Site(file: "\(file)", line: Int(line), delivery: delivery())
        #endif
    }

    @usableFromInline
    static func store(_ entry: EntryBase, file: String, line: Int, delivery: String) {
        #if DEBUG
            entry.site = Site(file: file, line: line, delivery: delivery)
        #endif
    }

    /// How a handler runs on `queue` (`nil`: on the setting thread), isolated to `actor`, if
    /// any, as a snapshot shows it.
    @usableFromInline
    static func delivery(on queue: DispatchQueue? = nil, isolatedTo actor: (any Actor)? = nil) -> String {
        let text = [queue.map { "queue \"\($0.label)\"" }, actor.map { "isolated to \(type(of: $0))" }]
            .compactMap { $0 }.joined(separator: ", ")
        return text.isEmpty ? "synchronous" : text
    }

    /// The record of `entry`, if it has one (debug builds).
    static func site(of entry: EntryBase) -> Site? {
        #if DEBUG
            return entry.site
        #else
            return nil
        #endif
    }

    /// The record of `observation`, if it has one (debug builds).
    static func site(of observation: WholeObjectObservation) -> Site? {
        #if DEBUG
            return observation.site
        #else
            return nil
        #endif
    }
}
