import Observing

/// Runs sequences against the reference model and the library side by side, step by step.
package enum ModelRunner {
    /// One generated sequence: its steps and the set-up choices of its world.
    package struct Sequence {
        /// The seed it was generated from; 0 for one decoded from bytes (`sequence(bytes:)`).
        package var seed: UInt64
        package var steps: [ModelStep]
        var normalizerSide: Int
        var normalizerFirst: Bool
    }

    /// Where the library first differed from the model.
    package struct Mismatch {
        /// The index of the step that differed.
        package var step: Int
        package var differences: [String]
    }

    /// The sequence of `seed`, cut to its first `stepCount` steps (a prefix of the full one),
    /// without the `skipped` steps (numbered from 1).
    package static func sequence(seed: UInt64, stepCount: Int, skipped: Set<Int> = []) -> Sequence {
        var generator = SplitMix64(seed: seed)
        let normalizerSide = generator.below(2)
        let normalizerFirst = generator.chance(50)
        let steps = ModelStep.sequence(count: ModelBasedConfiguration.stepCount, using: &generator)
        let kept = steps.prefix(stepCount).enumerated().filter { !skipped.contains($0.offset + 1) }.map(
            \.element)
        return Sequence(
            seed: seed, steps: kept, normalizerSide: normalizerSide,
            normalizerFirst: normalizerFirst)
    }

    /// Runs `sequence` until the library differs from the model; `transcript`, when given,
    /// receives each step's resolved action and the reactions it fired.
    package static func firstMismatch(
        in sequence: Sequence, isEngineSemanticsOn: Bool, transcript: ((String) -> Void)? = nil
    ) -> Mismatch? {
        let model = ReferenceModel(isEngineSemanticsOn: isEngineSemanticsOn)
        let library = LiveWorld(
            isEngineSemanticsOn: isEngineSemanticsOn, normalizerSide: sequence.normalizerSide,
            normalizerFirst: sequence.normalizerFirst)
        // Whatever the sequence left on the queue runs before the world goes.
        defer { library.finish() }
        for (index, step) in sequence.steps.enumerated() {
            var (action, expected, resolutions) = model.run(step)
            if let transcript {
                transcript("\(index + 1). \(action)")
                for reaction in expected.firedReactions {
                    transcript(
                        "     x\(reaction) fires: \(resolutions[reaction].map(String.init(describing:)) ?? "?")"
                    )
                }
            }
            let actual = library.run(action, resolutions: resolutions)
            if let settled = model.settle(with: actual.state) { expected.state = settled }
            let differences = compare(expected, actual)
            if !differences.isEmpty { return Mismatch(step: index, differences: differences) }
        }
        return finalDrainMismatch(
            model: model, library: library, step: sequence.steps.count, transcript: transcript)
    }

    /// What differs between the model's outcome of a step and the library's.
    static func compare(_ expected: StepOutcome, _ actual: StepOutcome) -> [String] {
        if expected.notes.isEmpty, actual.notes.isEmpty, expected.optionalCalls.isEmpty,
            expected.firedReactions == actual.firedReactions, expected.results == actual.results,
            expected.calls == actual.calls, expected.state == actual.state
        {
            return []
        }
        var differences = expected.notes.map { "model: \($0)" } + actual.notes.map { "library: \($0)" }
        if expected.firedReactions.sorted() != actual.firedReactions.sorted() {
            differences.append(
                "reactions fired: model \(expected.firedReactions.sorted()), library \(actual.firedReactions.sorted())"
            )
        }
        if expected.results != actual.results {
            differences.append("results: model \(expected.results), library \(actual.results)")
        }
        let keys = Set(expected.calls.keys).union(actual.calls.keys).union(expected.optionalCalls.keys)
        for key in keys.sorted() {
            let required = expected.calls[key] ?? []
            let optional = expected.optionalCalls[key] ?? []
            let received = actual.calls[key] ?? []
            guard received != required, optional.isEmpty || received != required + optional else { continue }
            var lines = ["calls of \(key):", "  model:"]
            lines += required.map { "    \($0)" } + optional.map { "    (may be left out) \($0)" }
            lines += ["  library:"] + received.map { "    \($0)" }
            differences.append(lines.joined(separator: "\n"))
        }
        let (model, library) = (expected.state.entries, actual.state.entries)
        for name in Set(model.keys).union(library.keys).sorted() where model[name] != library[name] {
            differences.append(
                "\(name): model \(model[name] ?? "(absent)"), library \(library[name] ?? "(absent)")")
        }
        return differences
    }
}
