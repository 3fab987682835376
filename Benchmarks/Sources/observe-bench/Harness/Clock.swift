#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The clock that times a run, read around whole batches of operations so that its own cost
/// (about 20 ns for wall time, a system call for CPU time) is negligible.
enum TimingClock: String {
    /// Elapsed time (`CLOCK_MONOTONIC`): what a user waits, including time the process was
    /// not running because other processes had the cores.
    case wall
    /// CPU time of the whole process, every thread (`CLOCK_PROCESS_CPUTIME_ID`): barely
    /// moved by other processes competing for the cores, but blind to time spent waiting.
    case cpu

    /// The current reading in nanoseconds since an arbitrary origin.
    func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(self == .wall ? CLOCK_MONOTONIC : CLOCK_PROCESS_CPUTIME_ID, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// Runs `body` and returns the nanoseconds it took on this clock.
    func measure(isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void) async -> UInt64 {
        let start = now()
        await body()
        return now() - start
    }
}
