/// One way of telling observers about a change: a row of the table.
struct Strategy: Sendable, Hashable {
    /// The short id used by `--filter` and in the JSON: `a`, `b`, `e1`.
    let id: String
    /// The row heading.
    let name: String

    /// Whether `term` (from `--filter`) names this strategy: its id, or a fragment of its
    /// name of at least 3 characters (case-insensitive).
    func matches(_ term: String) -> Bool {
        let term = term.lowercased()
        return id.lowercased() == term || (term.count >= 3 && name.lowercased().contains(term))
    }
}

/// A figure to measure: one cell of the table.
struct BenchCase {
    let strategy: Strategy
    let workload: Workload
    let plan: Plan
}

/// How a cell is measured, or why it is not.
enum Plan {
    /// Time `run(n)`, which performs `n` operations of `deliveriesPerOperation` deliveries
    /// each; `setUp` builds the subject before any timing and returns `run`.
    case timed(deliveriesPerOperation: Int, setUp: @MainActor () async -> @MainActor (Int) async -> Void)
    /// Measure heap in use around `attach`, which attaches the observers `prepare(n)` set up.
    case heap(prepare: @MainActor (Int) async -> @MainActor () async -> Void)
    /// The strategy has no such operation (for example, no way to cancel).
    case notApplicable(String)
    /// The code under test has not landed yet.
    case notAvailable(String)
}
