import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pseudo-terminal of a given size, for running the executable with a terminal as its standard
/// output, as a person at a terminal does.
///
/// The executable writes to the secondary side; a thread reads the primary side as it goes, so
/// the process never blocks on a full terminal buffer. The terminal turns each "\n" into "\r\n";
/// ``output`` turns them back.
final class PseudoTerminal: Sendable {
    /// The secondary side, to hand to the process as its standard output.
    let secondary: FileHandle
    private let primary: Int32
    private let received = Mutex(Data())
    private let done = Mutex(false)

    /// Opens a terminal `columns` wide and `rows` high.
    init(columns: Int, rows: Int) throws {
        primary = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard primary >= 0, let path = Self.secondaryPath(of: primary) else { throw POSIXError(.ENXIO) }
        let descriptor = open(path, O_RDWR | O_NOCTTY)
        guard descriptor >= 0 else { throw POSIXError(.ENXIO) }
        var size = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard withUnsafeMutablePointer(to: &size, { ioctl(descriptor, UInt(TIOCSWINSZ), $0) }) == 0 else {
            throw POSIXError(.ENOTTY)
        }
        secondary = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    }

    /// Unlocks the secondary side of a new primary and returns its path.
    private static func secondaryPath(of primary: Int32) -> String? {
        #if os(Linux)
            // Glibc's module leaves out grantpt, unlockpt and ptsname (X/Open only), and Swift
            // imports no `_IOR` macro: these are TIOCSPTLCK and TIOCGPTN, _IOW/_IOR('T', 0x31/0x30, int).
            var unlocked: Int32 = 0
            var number: UInt32 = 0
            guard ioctl(primary, UInt(0x4004_5431), &unlocked) == 0,
                ioctl(primary, UInt(0x8004_5430), &number) == 0
            else { return nil }
            return "/dev/pts/\(number)"
        #else
            guard grantpt(primary) == 0, unlockpt(primary) == 0, let name = ptsname(primary) else {
                return nil
            }
            return String(cString: name)
        #endif
    }

    deinit {
        close(primary)
    }

    /// Starts reading what the process writes; call after the process has started, then close
    /// ``secondary`` so that reading ends when the process exits.
    func startReading() {
        let primary = primary
        let thread = Thread { [self] in
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(primary, $0.baseAddress, $0.count) }
                guard count > 0 else { break }  // EIO (Linux) or 0 (macOS): every writer closed it.
                received.withLock { $0.append(contentsOf: buffer[..<count]) }
            }
            done.withLock { $0 = true }
        }
        thread.start()
    }

    /// Waits until every writer has closed the terminal (or `timeout` passes).
    func waitForEnd(timeout: Duration = .seconds(10)) async throws {
        let deadline = ContinuousClock.now + timeout
        while !done.withLock({ $0 }), ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(20))
        }
    }

    /// What the process wrote to the terminal so far, with "\r\n" turned back into "\n".
    var output: String {
        String(decoding: received.withLock { $0 }, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }
}
