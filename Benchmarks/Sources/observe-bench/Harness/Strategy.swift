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
    /// each; `setUp` builds the subject before any timing and returns its `TimedRun`.
    case timed(deliveriesPerOperation: Int, setUp: @MainActor () async -> TimedRun)
    /// Measure heap in use around `attach`, which attaches the observers `prepare(n)` set up.
    case heap(prepare: @MainActor (Int) async -> HeapTrial)
    /// The strategy has no such operation (for example, no way to cancel).
    case notApplicable(String)
    /// The code under test has not landed yet.
    case notAvailable(String)
}

/// The operations of a timed cell, on a subject its set-up built.
struct TimedRun {
    /// Performs `n` operations.
    let run: @MainActor (Int) async -> Void
    /// Ends what the subject left running (consumer tasks), so that none of it runs while
    /// the next cell is measured.
    var finish: @MainActor () async -> Void = {}
}

/// One trial of a heap cell: observers prepared, not yet attached.
struct HeapTrial {
    /// Attaches the prepared observers.
    let attach: @MainActor () async -> Void
    /// Ends what the subject left running, after the heap has been read.
    var finish: @MainActor () async -> Void = {}
}
