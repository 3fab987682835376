import Foundation
import Observing
import Testing

/// Random sequences of operations, each run against the library and against a plain reference
/// model; after every step, every registration's calls, every value, every observer count and
/// every token's validity must be the model's.
///
/// Each seed is printed (to standard error, unbuffered) before it runs: a trap kills the test
/// process, so the last seed printed names the culprit (`scripts/replay-seed.sh SEED` shrinks
/// it). A value mismatch is reported with its shortest failing prefix and a shrunk sequence.
/// See `ModelBasedConfiguration` for the environment variables that replay one seed or explore
/// more.
@Suite struct ModelBasedTests {
    @Test func everySequenceMatchesTheReferenceModel() {
        let seeds = ModelBasedConfiguration.seeds
        let stepCount = ModelBasedConfiguration.steps
        let isEngineSemanticsOn = ModelBasedConfiguration.isEngineSemanticsOn
        let clock = ContinuousClock()
        let start = clock.now
        var failures = 0
        for seed in seeds {
            ModelLog.write("ModelBased: seed \(seed)\n")
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
            failures += 1
            if failures == 3 { break }
        }
        let seconds = (clock.now - start) / .seconds(1)
        ModelLog.write(
            "ModelBased: \(seeds.count) sequences of \(stepCount) steps (engine semantics "
                + "\(isEngineSemanticsOn ? "on" : "off")) in \(String(format: "%.1f", seconds)) s\n")
    }
}

/// Writes to standard error at once (unbuffered), so that the last line survives a trap.
private enum ModelLog {
    static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
