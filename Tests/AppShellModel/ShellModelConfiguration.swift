import Foundation

/// The knobs of the app shell's model-based test, and the environment variables that set them.
///
/// A plain run checks `defaultSequenceCount` sequences of `defaultStepCount` steps (a few
/// seconds); CI sets the full count.
///
/// - `TABBAR_SEQUENCES=N` and `TABBAR_FIRST_SEED=S`: run seeds `S..<S+N` (CI: 1,000).
/// - `TABBAR_STEPS=K`: steps per sequence (default 100, at most 1,000).
/// - `TABBAR_SEED=N`: run only the sequence of seed `N` (replay a reported failure); with
///   `TABBAR_STEPS=K`, only its first `K` steps.
/// - `TABBAR_TRANSCRIPT=1`: print each step, and each reaction that acts, as the model resolves it.
package enum ShellModelConfiguration {
    /// Sequences in a plain `swift test`.
    package static let defaultSequenceCount = 100
    /// Steps per sequence unless `TABBAR_STEPS` says otherwise.
    package static let defaultStepCount = 100
    /// The first seed of a default run; fixed, so that every run checks the same sequences.
    package static let firstSeed: UInt64 = 1

    /// The seeds this run checks.
    package static var seeds: [UInt64] {
        if let seed = environment("TABBAR_SEED").flatMap(UInt64.init) { return [seed] }
        let first = environment("TABBAR_FIRST_SEED").flatMap(UInt64.init) ?? firstSeed
        let count = environment("TABBAR_SEQUENCES").flatMap(Int.init) ?? defaultSequenceCount
        return (0..<UInt64(max(count, 0))).map { first + $0 }
    }

    /// The steps of each sequence.
    package static var steps: Int {
        environment("TABBAR_STEPS").flatMap(Int.init).map { min(max($0, 0), 1_000) } ?? defaultStepCount
    }

    /// Whether to print each resolved step.
    package static var printsTranscript: Bool {
        environment("TABBAR_TRANSCRIPT") == "1"
    }

    private static func environment(_ name: String) -> String? {
        ProcessInfo.processInfo.environment[name]
    }
}
