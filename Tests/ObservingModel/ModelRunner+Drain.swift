import Observing

extension ModelRunner {
    /// Drains the queue at the end of a sequence, as many times as the drains queue more calls,
    /// so that the calls still waiting are checked too; the drains are numbered after the steps.
    static func finalDrainMismatch(
        model: ReferenceModel, library: LiveWorld, step: Int, transcript: ((String) -> Void)?
    ) -> Mismatch? {
        repeat {
            var (action, expected, resolutions) = model.run(.drainQueue)
            if let transcript {
                transcript("\(step + 1). \(action) (the end of the sequence)")
                for reaction in expected.firedReactions {
                    transcript(
                        "     x\(reaction) fires: \(resolutions[reaction].map(String.init(describing:)) ?? "?")"
                    )
                }
            }
            let actual = library.run(action, resolutions: resolutions)
            if let settled = model.settle(with: actual.state) { expected.state = settled }
            let differences = compare(expected, actual)
            if !differences.isEmpty { return Mismatch(step: step, differences: differences) }
        } while !model.queue.isEmpty
        return nil
    }
}
