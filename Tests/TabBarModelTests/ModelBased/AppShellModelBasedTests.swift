import AppShellModel
import Foundation
import Testing

/// Random sequences of taps, selections, pushes, pops, badge and title sets, presentations,
/// reorders and gates, with observers and a delegate that make changes of their own, run against
/// the live models and a reference model of UIKit's rules (`ShellReferenceModel`); after every
/// step, every property of the shell, its bar and its stacks, and every recorder's history, must
/// be the model's, and the live models must meet the rules of one consistent state, which read
/// only the live objects (`ShellLiveWorld.invariantViolations`: the selected child is shown, the
/// bar and its buttons name it, the tab bar hides as the shown stack asks, each navigation bar
/// shows its stack's top and only its views), so that a mistake the reference model shares with
/// the models is still caught.
///
/// A plain run checks 100 sequences of 100 steps; CI runs 1,000 (`TABBAR_SEQUENCES`). A run
/// prints one line at its end, and one every 10 s on the way. A mismatch is reported as an issue
/// with its seed, the command that replays it and a shrunk sequence. See
/// `ShellModelConfiguration` for the environment variables.
@MainActor
@Suite struct AppShellModelBasedTests {
    @Test func everySequenceMatchesTheReferenceModel() {
        let seeds = ShellModelConfiguration.seeds
        let stepCount = ShellModelConfiguration.steps
        let transcript: ((String) -> Void)? =
            ShellModelConfiguration.printsTranscript ? { Self.write("  \($0)\n") } : nil
        let clock = ContinuousClock()
        let start = clock.now
        var lastProgress = start
        var failures = 0
        for (done, seed) in seeds.enumerated() {
            if clock.now - lastProgress >= .seconds(10) {
                lastProgress = clock.now
                Self.write(
                    "AppShellModelBased: \(done) of \(seeds.count) sequences in \(Self.seconds(since: start)) s\n"
                )
            }
            let sequence = ShellSequence(seed: seed, stepCount: stepCount)
            guard let mismatch = ShellModelRunner.firstMismatch(in: sequence, transcript: transcript) else {
                continue
            }
            Issue.record(Comment(rawValue: ShellModelRunner.report(mismatch, in: sequence)))
            failures += 1
            if failures == 3 { break }
        }
        let first = seeds.first.map { "from seed \($0)" } ?? "(no seeds)"
        Self.write(
            "AppShellModelBased: \(seeds.count) sequences of \(stepCount) steps \(first) in "
                + "\(Self.seconds(since: start)) s" + (failures > 0 ? ", \(failures) failing" : "") + "\n")
    }

    private static func seconds(since start: ContinuousClock.Instant) -> String {
        String(format: "%.1f", (ContinuousClock.now - start) / .seconds(1))
    }

    /// Writes to standard error at once, so that progress shows while the test runs.
    private static func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
