import Foundation

/// libFuzzer's entry point: checks one input as an event stream (see ``EventStreamCheck``).
///
/// libFuzzer calls it on the main thread, once per input, and treats a trap as a crash; a broken
/// property traps with a message naming the line. Built with `--sanitize fuzzer` by
/// `scripts/fuzz.sh`, which also defines `FUZZING` so that libFuzzer's `main` drives it.
///
/// - Parameters:
///   - data: The input's bytes; may be null when `size` is 0.
///   - size: The input's length in bytes.
/// - Returns: 0, which keeps the input eligible for the corpus.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let bytes = data.map { Data(bytes: $0, count: size) } ?? Data()
    MainActor.assumeIsolated {
        _ = EventStreamCheck.run(bytes)
    }
    return 0
}
