/// The human-readable report: a Markdown table (strategy x workload, median and ratio to
/// the workload's floor, `FloorReference`) and the details of every cell.
struct TableReport {
    let results: ResultSet
    let strategies: [Strategy]

    /// The Markdown table.
    func table() -> String {
        let workloads = results.workloads
        var lines: [String] = []
        let headings = workloads.map { "\($0.id) (\($0.unit))" }
        lines.append("| strategy | " + headings.joined(separator: " | ") + " |")
        lines.append("|---|" + workloads.map { _ in "--:" }.joined(separator: "|") + "|")
        for strategy in results.strategies(in: strategies) {
            let cells = workloads.map { cellText(strategy, $0) }
            lines.append("| \(strategy.id). \(strategy.name) | " + cells.joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n")
    }

    private func cellText(_ strategy: Strategy, _ workload: Workload) -> String {
        guard let cell = results.cell(strategy, workload) else { return "—" }
        switch cell.outcome {
        case .notApplicable: return "—"
        case .notAvailable: return "n/a (not available)"
        case .measured(let measurement):
            let value = Formatting.figure(measurement.statistics.median)
            guard let ratio = results.ratioToFloor(strategy, workload) else {
                return value
            }
            return "\(value) (\(Formatting.ratio(ratio)))"
        }
    }

    /// One line per cell: median, min, max, counts, allocations, or why it has no figure.
    func details() -> String {
        var lines: [String] = []
        for workload in results.workloads {
            lines.append("\(workload.id): \(workload.title)")
            for strategy in results.strategies(in: strategies) {
                guard let cell = results.cell(strategy, workload) else { continue }
                lines.append("  \(strategy.id). \(strategy.name): " + detail(cell))
            }
            for (label, value) in results.valuesSequenceDifferences(workload) {
                lines.append("  \(label): \(Formatting.figure(value)) ns")
            }
        }
        return lines.joined(separator: "\n")
    }

    private func detail(_ cell: CellResult) -> String {
        switch cell.outcome {
        case .notApplicable(let reason): return "not applicable (\(reason))"
        case .notAvailable(let reason): return "n/a (not available: \(reason))"
        case .measured(let measurement):
            let statistics = measurement.statistics
            let unit = cell.workload.unit
            var text = "median \(Formatting.figure(statistics.median)) \(unit)"
            if let ratio = results.ratioToFloor(cell.strategy, cell.workload) {
                text += " (\(Formatting.ratio(ratio)) \(FloorReference.of(cell.workload).label))"
            }
            text += " [min \(Formatting.figure(statistics.min)), max \(Formatting.figure(statistics.max))]"
            text += ", \(statistics.count) reps x \(Formatting.grouped(measurement.operations))"
            if measurement.operations < measurement.nominalOperations { text += " (cut to time budget)" }
            if cell.workload == .demoEvents, statistics.median > 0 {
                text += ", " + Formatting.grouped(Int(1e9 / statistics.median)) + " events/s"
            }
            return text
        }
    }
}
