import Foundation
import Observing
import ObservingModel
import Testing

/// Random sequences of operations, each run against the library and against a plain reference
/// model; after every step, every registration's calls, every value, every observer count and
/// every token's validity must be the model's.
///
/// A run prints one line, at its end: how many sequences of how many steps, from which seed, in
/// how long; a run longer than 10 s also prints a progress line every 10 s. A value mismatch is reported as an issue with its seed, its shortest failing prefix,
/// a shrunk sequence and the command that replays it.
///
/// A trap kills the test process before that line. With `OBSERVING_VERBOSE=1` each seed is
/// printed (to standard error, unbuffered) before it runs, so the last seed printed names the
/// culprit; `scripts/replay-seed.sh` (no argument) reruns the suite that way to find it, and
/// `scripts/replay-seed.sh SEED` shrinks it. See `ModelBasedConfiguration` for the environment
/// variables that replay one seed or explore more.
@Suite struct ModelBasedTests {
    @Test func everySequenceMatchesTheReferenceModel() {
        let seeds = ModelBasedConfiguration.seeds
        let stepCount = ModelBasedConfiguration.steps
        let isEngineSemanticsOn = ModelBasedConfiguration.isEngineSemanticsOn
        let clock = ContinuousClock()
        let start = clock.now
        var failures: [String] = []
        let isVerbose = ModelBasedConfiguration.isVerbose
        var lastProgress = start
        for (index, seed) in seeds.enumerated() {
            if isVerbose { ModelLog.write("ModelBased: seed \(seed)\n") }
            if clock.now - lastProgress >= .seconds(10) {
                lastProgress = clock.now
                let elapsed = (lastProgress - start) / .seconds(1)
                ModelLog.write(
                    "ModelBased: \(index) of \(seeds.count) sequences checked, "
                        + "\(String(format: "%.0f", elapsed)) s\n")
            }
            let sequence = ModelRunner.sequence(
                seed: seed, stepCount: stepCount, skipped: ModelBasedConfiguration.skippedSteps)
            let transcript: ((String) -> Void)? =
                ModelBasedConfiguration.printsTranscript ? { ModelLog.write("  \($0)\n") } : nil
            guard
                let mismatch = ModelRunner.firstMismatch(
                    in: sequence, isEngineSemanticsOn: isEngineSemanticsOn, transcript: transcript)
            else { continue }
            let report = ModelRunner.report(mismatch, in: sequence, isEngineSemanticsOn: isEngineSemanticsOn)
            Issue.record(Comment(rawValue: report))
            failures.append(
                "seed \(seed) at step \(mismatch.step + 1): \(mismatch.differences.prefix(3).joined(separator: "; "))"
            )
            if failures.count == 3 { break }
        }
        let seconds = (clock.now - start) / .seconds(1)
        let first = seeds.first.map { "from seed \($0)" } ?? "(no seeds)"
        ModelLog.write(
            "ModelBased: \(seeds.count) sequences of \(stepCount) steps \(first) (engine semantics "
                + "\(isEngineSemanticsOn ? "on" : "off")) in \(String(format: "%.1f", seconds)) s"
                + (failures.isEmpty ? "" : ", \(failures.count) failing (reported as issues)") + "\n")
        // Repeated last, so that a log's tail names what to replay (OBSERVING_SEED=N).
        for failure in failures { ModelLog.write("ModelBased: failing \(failure)\n") }
    }
}

/// Writes to standard error at once (unbuffered), so that the last line survives a trap.
private enum ModelLog {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
