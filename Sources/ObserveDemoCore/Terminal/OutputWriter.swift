import Foundation

/// Standard output as the runner and its frame display write to it: each write goes through at
/// once, and the first failure (a full disk, a closed descriptor) is kept, after which nothing
/// more is written.
///
/// The runner reports the failure as ``DemoError/outputFailed(_:)`` when the run ends, and the
/// run ends at its next event or poll, rather than drawing frames no one receives.
@MainActor
final class OutputWriter {
    private let write: (String) throws -> Void
    /// Why the first failed write failed, as the system words it; `nil` while every write worked.
    private(set) var failure: String?

    /// Creates a writer, which retains `write`.
    ///
    /// - Parameter write: Writes its text to standard output, or throws why it could not.
    init(_ write: @escaping (String) throws -> Void) {
        self.write = write
    }

    /// Writes `text`, unless an earlier write failed; keeps the reason of the first failure.
    func callAsFunction(_ text: String) {
        guard failure == nil else { return }
        do {
            try write(text)
        } catch {
            failure = Self.reason(error)
        }
    }

    /// The system's words for a failed write (`No space left on device`): the `errno` of a POSIX
    /// error, or of the one a Foundation file handle's error wraps, rather than the wrapper's
    /// words; any other error's description.
    nonisolated static func reason(_ error: any Error) -> String {
        let error = error as NSError
        let wrapped = error.userInfo[NSUnderlyingErrorKey] as? NSError
        for candidate in [error, wrapped] {
            if let candidate, candidate.domain == NSPOSIXErrorDomain {
                return String(cString: strerror(Int32(truncatingIfNeeded: candidate.code)))
            }
        }
        return error.localizedDescription
    }
}
