import Foundation

/// Runs sequences against the live models and the reference model side by side, finds the first
/// step after which they differ, and shrinks a failing sequence.
@MainActor
package enum ShellModelRunner {
    /// The first step after which the live world differs from the model.
    package struct Mismatch: Sendable {
        /// The step's index, from 0.
        package var step: Int
        /// One line per differing property ("name: model ..., live ..."), then one per broken
        /// rule of a consistent state ("broken rule, name: what disagrees").
        package var differences: [String]
    }

    /// The first mismatch of `sequence`.
    ///
    /// - Parameters:
    ///   - sequence: The sequence to run.
    ///   - transcript: Told each resolved step, and each reaction that acts, in order.
    /// - Returns: The first step after which the live world differs (step -1: at the start), or
    ///   `nil` when it agrees at every step.
    package static func firstMismatch(in sequence: ShellSequence, transcript: ((String) -> Void)? = nil)
        -> Mismatch?
    {
        var model = ShellReferenceModel(reactions: sequence.reactions)
        let world = ShellLiveWorld(reactions: sequence.reactions)
        for (index, reaction) in sequence.reactions.enumerated() {
            transcript?("reaction \(index + 1): \(reaction)")
        }
        if let differences = differences(model, world) {
            return Mismatch(step: -1, differences: differences)
        }
        for (index, action) in sequence.steps.enumerated() {
            let logged = model.log.count
            model.run(action)
            world.run(action)
            if let transcript {
                for (offset, line) in model.log[logged...].enumerated() {
                    transcript(offset == 0 ? "\(index + 1). \(line)" : "   \(line)")
                }
            }
            if let differences = differences(model, world) {
                return Mismatch(step: index, differences: differences)
            }
        }
        return nil
    }

    /// Where the live world differs from the model, then the rules of one consistent state it
    /// breaks (`invariantViolations`, which hold whatever the model says); `nil` when neither.
    private static func differences(_ model: ShellReferenceModel, _ world: ShellLiveWorld) -> [String]? {
        let expected = model.state
        let actual = world.state
        let lines = expected.keys.sorted().compactMap { key -> String? in
            let live = actual[key] ?? "(missing)"
            return expected[key] == live ? nil : "\(key): model \(expected[key] ?? ""), live \(live)"
        }
        let violations = world.invariantViolations.map { "broken rule, " + $0 }
        return lines.isEmpty && violations.isEmpty ? nil : lines + violations
    }

    /// The shortest failing prefix (binary search), then steps and reactions left out one at a
    /// time while the sequence still fails, for at most `budget` seconds.
    package static func shrink(_ sequence: ShellSequence, failingAt step: Int, budget: Double = 20)
        -> ShellSequence
    {
        var low = 0
        var high = step + 1
        while low + 1 < high {
            let middle = (low + high) / 2
            var prefix = sequence
            prefix.steps = Array(sequence.steps.prefix(middle))
            if firstMismatch(in: prefix) == nil { low = middle } else { high = middle }
        }
        var current = sequence
        current.steps = Array(sequence.steps.prefix(high))
        let deadline = Date().addingTimeInterval(budget)
        var isShrinking = true
        while isShrinking, Date() < deadline {
            isShrinking = false
            for index in stride(from: current.reactions.count - 1, through: 0, by: -1) {
                var candidate = current
                candidate.reactions.remove(at: index)
                if firstMismatch(in: candidate) != nil {
                    current = candidate
                    isShrinking = true
                }
            }
            var index = current.steps.count - 1
            while index >= 0, Date() < deadline {
                var candidate = current
                candidate.steps.remove(at: index)
                if let mismatch = firstMismatch(in: candidate) {
                    candidate.steps = Array(candidate.steps.prefix(max(mismatch.step + 1, 0)))
                    current = candidate
                    isShrinking = true
                }
                index = min(index - 1, current.steps.count - 1)
            }
        }
        return current
    }

    /// The report of a failing sequence: its seed, the replay command, the shrunk sequence as
    /// resolved, and what differed at its last step.
    package static func report(_ mismatch: Mismatch, in sequence: ShellSequence) -> String {
        let shrunk = shrink(sequence, failingAt: mismatch.step)
        var lines = [
            "App-shell model-based test: seed \(sequence.seed) differs from the reference model at step \(mismatch.step + 1).",
            "Replay: TABBAR_SEED=\(sequence.seed) TABBAR_STEPS=\(mismatch.step + 1) TABBAR_TRANSCRIPT=1"
                + " swift test --filter AppShellModelBased",
            "Shrunk to \(shrunk.reactions.count) reactions and \(shrunk.steps.count) steps:",
        ]
        let final = firstMismatch(in: shrunk) { lines.append("  " + $0) }
        lines.append("Differences:")
        lines += (final ?? mismatch).differences.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}
