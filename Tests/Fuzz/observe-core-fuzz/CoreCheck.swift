import ObservingModel

/// One input checked as the model-based test checks a seed: its bytes decoded into a sequence
/// of operations (`ModelRunner.sequence(bytes:)`), run against the library and the reference
/// model side by side.
enum CoreCheck {
    /// Whether the engine's semantics are on (`ModelBasedConfiguration`; read once).
    static let isEngineSemanticsOn = ModelBasedConfiguration.isEngineSemanticsOn

    /// The sequence's steps as resolved, with the reactions they fired, up to the first
    /// disagreement, then what disagreed; `nil` for the mismatch when the library agrees.
    static func listing(
        of sequence: ModelRunner.Sequence
    ) -> (lines: [String], mismatch: ModelRunner.Mismatch?) {
        var lines: [String] = []
        let mismatch = ModelRunner.firstMismatch(in: sequence, isEngineSemanticsOn: isEngineSemanticsOn) {
            lines.append("  " + $0)
        }
        if let mismatch {
            lines.append("Differences at step \(mismatch.step + 1):")
            lines += mismatch.differences.map { "  " + $0.replacingOccurrences(of: "\n", with: "\n  ") }
        }
        return (lines, mismatch)
    }

    /// The smallest failing sequence the model-based test's shrinker finds: the shortest failing
    /// prefix, then steps left out one by one.
    static func shrunk(_ sequence: ModelRunner.Sequence, failingAt step: Int) -> ModelRunner.Sequence {
        let prefix = ModelRunner.shortestFailingPrefix(
            of: sequence, failingAt: step, isEngineSemanticsOn: isEngineSemanticsOn)
        return ModelRunner.shrink(prefix, isEngineSemanticsOn: isEngineSemanticsOn)
    }

    /// The heading of a listing.
    static func heading(_ sequence: ModelRunner.Sequence) -> String {
        let count = sequence.steps.count
        let semantics = isEngineSemanticsOn ? "on" : "off"
        return "\(count) step\(count == 1 ? "" : "s") (engine semantics \(semantics)):"
    }
}
