#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Heap in use, from glibc's `mallinfo2()`, for W5.
///
/// Reached through `dlsym`, because the `Glibc` module does not import `<malloc.h>`.
/// Allocations per delivery are counted outside the process, with valgrind
/// (`scripts/count-allocations.sh`): the Swift runtime's allocation hook needs its
/// "swizzling for Instruments" mode, which on Linux corrupted unrelated memory when tried.
enum HeapProbe {
    /// Bytes the allocator has handed out and not got back (`mallinfo2().uordblks`), or `nil`
    /// where `mallinfo2` is not available.
    ///
    /// `mallinfo2` returns a 10-word struct, which the x86-64 System V ABI returns through a
    /// hidden pointer passed as the first argument; calling it as a C function taking that
    /// pointer is therefore exact on x86-64 (and only there).
    static func bytesInUse() -> Int? {
        #if arch(x86_64) && canImport(Glibc)
            guard let symbol = dlsym(defaultHandle, "mallinfo2") else { return nil }
            typealias MallInfo2 = @convention(c) (UnsafeMutableRawPointer) -> UnsafeMutableRawPointer?
            // mallinfo2 as the x86-64 ABI calls it: the hidden result pointer as sole argument.
            let call = unsafeBitCast(symbol, to: MallInfo2.self)
            var words = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            return withUnsafeMutableBytes(of: &words) { buffer -> Int? in
                guard let base = buffer.baseAddress else { return nil }
                _ = call(base)
                // Fields: arena, ordblks, smblks, hblks, hblkhd, usmblks, fsmblks, uordblks, ...
                // mmapped chunks (hblkhd) are in use too.
                return buffer.load(fromByteOffset: 7 * 8, as: Int.self)
                    + buffer.load(fromByteOffset: 4 * 8, as: Int.self)
            }
        #else
            return nil
        #endif
    }

    private static var defaultHandle: UnsafeMutableRawPointer? {
        #if canImport(Darwin)
            UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
        #else
            nil  // RTLD_DEFAULT
        #endif
    }
}
