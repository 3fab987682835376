import ObservingModel

/// libFuzzer's entry point: decodes one input into a sequence of operations and runs it
/// against the library and the reference model (see ``CoreCheck``).
///
/// The first disagreement traps, with the listing of the steps up to it and what differed; a
/// trap in the library is a crash of its own. Built with `--sanitize fuzzer` by
/// `scripts/fuzz-core.sh`, which also defines `FUZZING` so that libFuzzer's `main` drives it.
///
/// - Parameters:
///   - data: The input's bytes; may be null when `size` is 0.
///   - size: The input's length in bytes.
/// - Returns: 0, which keeps the input eligible for the corpus.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafeRawPointer?, _ size: Int) -> CInt {
    let bytes = data.map { Array(UnsafeRawBufferPointer(start: $0, count: size)) } ?? []
    let sequence = ModelRunner.sequence(bytes: bytes)
    // The cheap check first; the listing only for an input that fails.
    guard ModelRunner.firstMismatch(in: sequence, isEngineSemanticsOn: CoreCheck.isEngineSemanticsOn) != nil
    else { return 0 }
    let (lines, mismatch) = CoreCheck.listing(of: sequence)
    fatalError(
        "the library differs from the reference model at step \((mismatch?.step ?? 0) + 1) of "
            + ([CoreCheck.heading(sequence)] + lines).joined(separator: "\n"))
}
