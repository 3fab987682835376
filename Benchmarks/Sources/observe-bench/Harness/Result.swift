/// The outcome of one cell of the table.
struct CellResult {
    let strategy: Strategy
    let workload: Workload
    let outcome: Outcome
}

/// What a cell holds.
enum Outcome {
    case measured(Measurement)
    /// The strategy cannot express the workload.
    case notApplicable(String)
    /// The code under test has not landed.
    case notAvailable(String)
}

/// The figures of one measured cell.
struct Measurement {
    /// Per operation (ns) or per observer (bytes), over the repetitions.
    let statistics: Statistics
    /// Operations (or attached observers) per repetition actually used.
    let operations: Int
    /// Operations the run asked for (fewer in a quick run); more than `operations` when a
    /// repetition was cut to the time budget.
    let nominalOperations: Int
}
