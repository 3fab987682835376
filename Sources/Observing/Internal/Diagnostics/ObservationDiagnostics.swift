#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Run-time diagnostics of registrations that are legal but most likely mistakes.
enum ObservationDiagnostics {
    private static let reported = LockedState([String]())

    /// The diagnostics reported so far in this process, in order, each once.
    static var reportedMessages: [String] {
        reported.withLock { $0 }
    }

    /// Reports, once per key path (and so per type), a registration on a key path that reads
    /// no `@Observed` property: in debug builds on standard error.
    static func keyPathReadsNoObservedProperty(_ keyPath: AnyKeyPath) {
        report(
            "Observing: \(keyPath) reads no @Observed property; "
                + "it notifies only through willChangeValue(for:)/didChangeValue(for:). "
                + "Mark the stored property it reads @Observed (on an @Observable class, replace "
                + "the macro with a conformance to Observable)")
    }

    private static func report(_ message: String) {
        let isNew = reported.withLock { list in
            guard !list.contains(message) else { return false }
            list.append(message)
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
