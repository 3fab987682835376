#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The calling thread's identity as a word, for the checks that compare threads: a delivery
/// loop's (`DeliveryFrame`), the internal-checks build's `DomainStamp`, and `MainThread`'s
/// record of the main thread.
@usableFromInline
enum ThreadIdentity {
    /// The calling thread's `pthread_t`, as a word; never 0 for a running thread.
    @inlinable
    static var current: UInt {
        // `pthread_t` is an integer on Glibc, a pointer on Musl and Darwin.
        #if canImport(Glibc)
            UInt(pthread_self())
        #else
            UInt(bitPattern: pthread_self())
        #endif
    }
}
