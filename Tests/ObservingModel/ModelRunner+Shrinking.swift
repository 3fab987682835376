import Foundation
import Observing

extension ModelRunner {
    /// The report of a value mismatch: the seed, the shortest failing prefix (found by replaying
    /// shorter prefixes), and a smaller failing sequence (found by leaving steps out one by one),
    /// listed readably with what each step and reaction resolved to.
    package static func report(_ mismatch: Mismatch, in sequence: Sequence, isEngineSemanticsOn: Bool)
        -> String
    {
        let prefix = shortestFailingPrefix(
            of: sequence, failingAt: mismatch.step, isEngineSemanticsOn: isEngineSemanticsOn)
        let shrunk = shrink(prefix, isEngineSemanticsOn: isEngineSemanticsOn)
        var lines = [
            "Model-based test: seed \(sequence.seed) differs from the reference model at step \(mismatch.step + 1)"
                + " (engine semantics \(isEngineSemanticsOn ? "on" : "off")).",
            "Replay: OBSERVING_SEED=\(sequence.seed) OBSERVING_STEPS=\(prefix.steps.count) swift test --filter ModelBased",
            "Shortest failing prefix: \(prefix.steps.count) steps. Shrunk to \(shrunk.steps.count) steps:",
        ]
        var transcript: [String] = []
        let final = firstMismatch(in: shrunk, isEngineSemanticsOn: isEngineSemanticsOn) {
            transcript.append($0)
        }
        lines += transcript.map { "  " + $0 }
        lines.append("Differences at its last step:")
        lines += (final ?? mismatch).differences.map {
            "  " + $0.replacingOccurrences(of: "\n", with: "\n  ")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The shortest prefix that still fails, replayed in this process (a prefix runs the same
    /// steps, so it is the failing step's, unless the failure depends on more than the steps).
    package static func shortestFailingPrefix(
        of sequence: Sequence, failingAt step: Int, isEngineSemanticsOn: Bool
    ) -> Sequence {
        var low = 0
        var high = step + 1
        while low + 1 < high {
            let middle = (low + high) / 2
            var prefix = sequence
            prefix.steps = Array(sequence.steps.prefix(middle))
            if firstMismatch(in: prefix, isEngineSemanticsOn: isEngineSemanticsOn) == nil {
                low = middle
            } else {
                high = middle
            }
        }
        var prefix = sequence
        prefix.steps = Array(sequence.steps.prefix(high))
        return prefix
    }

    /// Leaves steps out, one at a time from the end, while the sequence still fails; gives up
    /// after `budget` seconds.
    package static func shrink(_ sequence: Sequence, isEngineSemanticsOn: Bool, budget: Double = 30)
        -> Sequence
    {
        let deadline = Date().addingTimeInterval(budget)
        var current = sequence
        var isShrinking = true
        while isShrinking, Date() < deadline {
            isShrinking = false
            var index = current.steps.count - 1
            while index >= 0, Date() < deadline {
                var candidate = current
                candidate.steps.remove(at: index)
                if let mismatch = firstMismatch(in: candidate, isEngineSemanticsOn: isEngineSemanticsOn) {
                    candidate.steps = Array(candidate.steps.prefix(mismatch.step + 1))
                    current = candidate
                    isShrinking = true
                }
                index = min(index - 1, current.steps.count - 1)
            }
        }
        return current
    }
}
