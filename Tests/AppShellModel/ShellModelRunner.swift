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

        /// What differs, without the values.
        ///
        /// The part of each line before its first ": ". Shrinking keeps a smaller sequence only
        /// when it fails with the same names.
        package var names: Set<String> {
            Set(
                differences.map { line in
                    line.range(of: ": ").map { String(line[..<$0.lowerBound]) } ?? line
                })
        }
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
    /// time, each smaller sequence kept only if it fails with the same differing names as
    /// `mismatch` (so that shrinking does not wander to another failure); at most `attempts`
    /// runs of a candidate, so a report takes a bounded time whatever the machine's load.
    package static func shrink(_ sequence: ShellSequence, failingWith mismatch: Mismatch, attempts: Int = 400)
        -> ShellSequence
    {
        var attemptsLeft = attempts
        /// The candidate's mismatch if it fails as `mismatch` does; `nil` otherwise or out of attempts.
        func sameFailure(_ candidate: ShellSequence) -> Mismatch? {
            guard attemptsLeft > 0 else { return nil }
            attemptsLeft -= 1
            guard let found = firstMismatch(in: candidate), found.names == mismatch.names else { return nil }
            return found
        }
        var low = 0
        var high = mismatch.step + 1
        while low + 1 < high, attemptsLeft > 0 {
            let middle = (low + high) / 2
            var prefix = sequence
            prefix.steps = Array(sequence.steps.prefix(middle))
            if sameFailure(prefix) == nil { low = middle } else { high = middle }
        }
        var current = sequence
        current.steps = Array(sequence.steps.prefix(high))
        var isShrinking = true
        while isShrinking, attemptsLeft > 0 {
            isShrinking = false
            for index in stride(from: current.reactions.count - 1, through: 0, by: -1) {
                var candidate = current
                candidate.reactions.remove(at: index)
                if sameFailure(candidate) != nil {
                    current = candidate
                    isShrinking = true
                }
            }
            var index = current.steps.count - 1
            while index >= 0, attemptsLeft > 0 {
                var candidate = current
                candidate.steps.remove(at: index)
                if let found = sameFailure(candidate) {
                    candidate.steps = Array(candidate.steps.prefix(max(found.step + 1, 0)))
                    current = candidate
                    isShrinking = true
                }
                index = min(index - 1, current.steps.count - 1)
            }
        }
        return current
    }

    /// The report of a failing sequence: where it came from, the replay command, the shrunk
    /// sequence as resolved, and what differed at its last step.
    ///
    /// - Parameters:
    ///   - mismatch: The sequence's first mismatch.
    ///   - sequence: The failing sequence.
    ///   - inputFile: The fuzz input `sequence` was decoded from, or `nil` for a seeded sequence:
    ///     the replay command names the file (a fuzz input has no seed that makes it again).
    /// - Returns: The report's lines, joined with line breaks.
    package static func report(_ mismatch: Mismatch, in sequence: ShellSequence, inputFile: String? = nil)
        -> String
    {
        let shrunk = shrink(sequence, failingWith: mismatch)
        let origin = inputFile.map { "fuzz input \($0)" } ?? "seed \(sequence.seed)"
        let replay =
            if let inputFile {
                "Replay: swift run app-shell-fuzz \(inputFile)"
            } else {
                "Replay: TABBAR_SEED=\(sequence.seed) TABBAR_STEPS=\(mismatch.step + 1) TABBAR_TRANSCRIPT=1"
                    + " swift test --filter AppShellModelBased"
            }
        var lines = [
            "App-shell model-based test: \(origin) differs from the reference model at step \(mismatch.step + 1).",
            replay,
            "Shrunk to \(shrunk.reactions.count) reactions and \(shrunk.steps.count) steps:",
        ]
        let final = firstMismatch(in: shrunk) { lines.append("  " + $0) }
        lines.append("Differences:")
        lines += (final ?? mismatch).differences.map { "  " + $0 }
        return lines.joined(separator: "\n")
    }
}
