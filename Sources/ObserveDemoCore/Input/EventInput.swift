import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The source of an event stream: a file, or standard input for `-`, read line by line.
public struct EventInput: Sendable {
    /// The name used in diagnostics: the path, or `<stdin>` for standard input.
    public let name: String
    private let handle: FileHandle

    /// Opens an event stream.
    ///
    /// - Parameter path: A file path, or `-` for standard input.
    /// - Throws: ``EventInputError/missing(_:)`` when nothing exists at the path,
    ///   ``EventInputError/isDirectory(_:)`` when it is a directory,
    ///   ``EventInputError/unreadable(_:)`` when it cannot be opened.
    public init(path: String) throws(EventInputError) {
        if path == "-" {
            name = "<stdin>"
            handle = .standardInput
            return
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw .missing(path)
        }
        guard !isDirectory.boolValue else { throw .isDirectory(path) }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw .unreadable(path) }
        name = path
        self.handle = handle
    }

    /// Reads the stream on a thread of its own and delivers its lines as they arrive.
    ///
    /// Reading blocks, so it runs on a dedicated thread rather than in the cooperative pool;
    /// lines reach the consumer as soon as a chunk is read, which makes `--events -` live. The
    /// stream finishes at end of input; a read error is delivered as a failure
    /// (``EventInputError/readFailed(name:reason:)``), then it finishes.
    /// Lines are held until consumed, so a producer faster than the consumer costs memory, never
    /// lines.
    ///
    /// - Returns: The numbered lines, each at most 64 KiB (longer ones as `overlong`).
    public func lines() -> AsyncStream<Result<LineSplitter.Line, EventInputError>> {
        let (stream, continuation) = AsyncStream.makeStream(
            of: Result<LineSplitter.Line, EventInputError>.self)
        let handle = handle
        let name = name
        Thread.detachNewThread {
            var splitter = LineSplitter()
            do {
                while let chunk = try Self.readAvailable(from: handle.fileDescriptor) {
                    for line in splitter.append(chunk) { continuation.yield(.success(line)) }
                }
                if let last = splitter.finish() { continuation.yield(.success(last)) }
            } catch {
                continuation.yield(.failure(.readFailed(name: name, reason: error.localizedDescription)))
            }
            continuation.finish()
        }
        return stream
    }

    /// Reads whatever is available, up to 64 KiB, waiting only until some bytes arrive.
    ///
    /// `FileHandle.read(upToCount:)` waits until the count is reached or the input ends, which
    /// would hold back lines typed or piped in live; one `read(2)` returns what has arrived.
    ///
    /// - Returns: The bytes read, or `nil` at end of input.
    /// - Throws: `POSIXError` when the read fails.
    private static func readAvailable(from descriptor: Int32) throws(POSIXError) -> Data? {
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count > 0 { return Data(buffer[..<count]) }
            if count == 0 { return nil }
            guard errno == EINTR else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        }
    }
}
