#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Run-time diagnostics of registrations that are legal but most likely mistakes.
enum ObservationDiagnostics {
    /// What was reported, each under the key that makes it once-only.
    private static let reported = LockedState([(key: String, message: String)]())

    /// The diagnostics reported so far in this process, in order, each once.
    static var reportedMessages: [String] {
        reported.withLock { $0.map(\.message) }
    }

    /// Reports, once per key path (and so per type), a registration on a key path that reads
    /// no `@Observed` property.
    ///
    /// In debug builds on standard error, with the registering call's `file:line` where debug
    /// builds recorded it. Swift prints a key path to a computed
    /// property (and to a property of an `@Observable` class) as `\Type.<computed 0x… (Int)>`,
    /// so the message names such a key path by its root and value types
    /// (`KeyPathNaming`), and the call site says which one it is.
    ///
    /// - Parameters:
    ///   - keyPath: The key path registered.
    ///   - entry: The registration, whose call site `RegistrationSites` may hold.
    static func keyPathReadsNoObservedProperty(_ keyPath: AnyKeyPath, registeredBy entry: EntryBase) {
        report(
            "Observing: \(KeyPathNaming.name(of: keyPath, on: nil))\(site(of: entry)) reads no @Observed property; "
                + "it notifies only through willChangeValue(for:)/didChangeValue(for:). "
                + "Mark the stored property it reads @Observed (on an @Observable class, replace "
                + "the macro with a conformance to Observable)",
            once: "\(keyPath)")
    }

    /// Reports, once per key path, a derived registration that cannot end with its object:
    /// the key path reads no storage of `root` and no `@Observed` property of `root` has a
    /// registry (see `RootLifetimeAnchor`).
    ///
    /// The message names the key path as `KeyPathNaming` does, and the properties it read.
    ///
    /// - Parameters:
    ///   - keyPath: The key path registered.
    ///   - rootObject: The observed object, whose class and stored properties name what it read.
    ///   - accesses: What the key path read: other objects' `@Observed` properties and
    ///     `ObservableProperty`s.
    ///   - entry: The registration, whose call site `RegistrationSites` may hold.
    static func rootGivesNoSignOfItsEnd(
        _ keyPath: AnyKeyPath, of rootObject: AnyObject, reading accesses: TrackedAccesses,
        registeredBy entry: EntryBase
    ) {
        let root: any AnyObject.Type = type(of: rootObject)
        let reads = accesses.isEmpty ? "" : " (\(KeyPathNaming.names(of: accesses, on: rootObject)))"
        report(
            "Observing: \(KeyPathNaming.name(of: keyPath, on: nil))\(site(of: entry)) reads only other "
                + "objects' @Observed properties\(reads), and no "
                + "@Observed property of \(root) has been observed, so the registration cannot see the "
                + "\(root) deallocate: it stays valid, and keeps its handler, until its token is "
                + "invalidated, what it reads next changes, or Observing's table of observed objects "
                + "drops the dead object. Invalidate the token when done "
                + "(in the owner's deinit), or observe the other object directly",
            once: "lifetime \(keyPath)")
    }

    /// Where `entry` was registered, as the messages say it (debug builds).
    private static func site(of entry: EntryBase) -> String {
        RegistrationSites.site(of: entry).map { " (registered at \($0.file):\($0.line))" } ?? ""
    }

    private static func report(_ message: String, once key: String) {
        let isNew = reported.withLock { list in
            guard !list.contains(where: { $0.key == key }) else { return false }
            list.append((key, message))
            return true
        }
        guard isNew else { return }
        #if DEBUG
            let line = message + "\n"
            _ = line.utf8CString.withUnsafeBufferPointer { buffer in
                write(2, buffer.baseAddress, buffer.count - 1)
            }
        #endif
    }
}
