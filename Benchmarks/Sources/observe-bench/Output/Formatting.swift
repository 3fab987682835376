import Foundation

/// Number formatting shared by the table, the details and the chart.
enum Formatting {
    /// A figure with 3 significant digits at most one decimal: `0.84`, `23.4`, `1,234`.
    static func figure(_ value: Double) -> String {
        guard value.isFinite else { return "?" }
        if value.magnitude < 10 { return String(format: "%.2f", value) }
        if value.magnitude < 100 { return String(format: "%.1f", value) }
        return grouped(Int(value.rounded()))
    }

    /// A ratio such as `1.05x`.
    static func ratio(_ value: Double) -> String {
        guard value.isFinite else { return "?" }
        return value < 10 ? String(format: "%.2fx", value) : String(format: "%.0fx", value)
    }

    /// An integer with thousands separators: `1,000,000`.
    static func grouped(_ value: Int) -> String {
        let digits = String(value.magnitude)
        var result = ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return value < 0 ? "-" + result : result
    }
}

/// Look-ups over a run's results.
struct ResultSet {
    let results: [CellResult]

    /// The workloads that have at least one cell, in column order.
    var workloads: [Workload] {
        Workload.allCases.filter { workload in results.contains { $0.workload == workload } }
    }

    /// The strategies that have at least one cell, in row order.
    func strategies(in order: [Strategy]) -> [Strategy] {
        order.filter { strategy in results.contains { $0.strategy == strategy } }
    }

    /// The cell of `strategy` and `workload`, if it ran.
    func cell(_ strategy: Strategy, _ workload: Workload) -> CellResult? {
        results.first { $0.strategy == strategy && $0.workload == workload }
    }

    /// The measured median of `strategy` on `workload`.
    func median(_ strategy: Strategy, _ workload: Workload) -> Double? {
        guard case .measured(let measurement)? = cell(strategy, workload)?.outcome,
            measurement.statistics.median.isFinite
        else { return nil }
        return measurement.statistics.median
    }

    /// The median of `strategy` on `workload` divided by that workload's floor in this run
    /// (`FloorReference`); `nil` for the floor itself or when either did not run.
    func ratioToFloor(_ strategy: Strategy, _ workload: Workload) -> Double? {
        let reference = FloorReference.of(workload)
        guard !reference.isFloor(strategy, workload), let value = median(strategy, workload),
            let floor = median(reference.strategy, reference.workload), floor > 0
        else { return nil }
        return value / floor
    }

    /// What subscribing to `values(for:)` and cancelling (W4, strategy i) costs beyond
    /// `baseline` (i0, a task alone; i1, the same consumer of an `AsyncStream`), with the
    /// label the reports print; `nil` for other workloads or when either did not run.
    func valuesSequenceDifferences(_ workload: Workload) -> [(label: String, value: Double)] {
        guard workload == .churnAmongFew || workload == .churnAmongMany,
            let sequence = median(ValuesSequenceSubject.strategy, workload)
        else { return [] }
        let baselines = [
            (TaskAloneSubject.strategy, "values(for:) subscribe + cancel beyond a task alone (i - i0)"),
            (StreamAloneSubject.strategy, "values(for:) subscribe + cancel beyond AsyncStream (i - i1)"),
        ]
        return baselines.compactMap { baseline, label in
            median(baseline, workload).map { (label, sequence - $0) }
        }
    }
}
