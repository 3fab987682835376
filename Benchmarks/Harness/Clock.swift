#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A monotonic clock in nanoseconds (`CLOCK_MONOTONIC`), read around whole batches of
/// operations so that its own cost (~20 ns) is negligible.
enum MonotonicClock {
    /// The current time in nanoseconds since an arbitrary origin.
    static func now() -> UInt64 {
        var spec = timespec()
        clock_gettime(CLOCK_MONOTONIC, &spec)
        return UInt64(spec.tv_sec) &* 1_000_000_000 &+ UInt64(spec.tv_nsec)
    }

    /// Runs `body` and returns the elapsed nanoseconds.
    static func measure(
        isolation: isolated (any Actor)? = #isolation, _ body: () async -> Void
    ) async -> UInt64 {
        let start = now()
        await body()
        return now() - start
    }
}
