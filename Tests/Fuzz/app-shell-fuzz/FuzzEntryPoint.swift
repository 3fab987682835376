import AppShellModel

/// libFuzzer's entry point: decodes one input into a sequence (`ShellSequence(bytes:)`) and runs
/// it against the live app-shell models and the reference model.
///
/// The first disagreement traps with the sequence's listing up to it and what differed; a trap
/// in the models is a crash of its own. Built with `--sanitize fuzzer -Xswiftc -DFUZZING` by
/// `scripts/fuzz-app-shell.sh`. libFuzzer calls it on the main thread.
///
/// - Parameters:
///   - data: The input's bytes; may be null when `size` is 0.
///   - size: The input's length in bytes.
/// - Returns: 0, which keeps the input eligible for the corpus.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    // libFuzzer passes `size` readable bytes at `data`, valid for this call only: they are
    // copied into an array here, before anything else runs, and the pointer is not kept.
    let bytes = data.map { Array(UnsafeRawBufferPointer(start: $0, count: size)) } ?? []
    MainActor.assumeIsolated {
        let sequence = ShellSequence(bytes: bytes)
        guard let mismatch = ShellModelRunner.firstMismatch(in: sequence) else { return }
        var lines: [String] = []
        _ = ShellModelRunner.firstMismatch(in: sequence) { lines.append("  " + $0) }
        fatalError(
            "the app shell differs from the reference model at step \(mismatch.step + 1):\n"
                + (lines + ["Differences:"] + mismatch.differences.map { "  " + $0 }).joined(separator: "\n"))
    }
    return 0
}
