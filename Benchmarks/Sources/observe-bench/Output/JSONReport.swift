import Foundation

/// Every figure of a run, as JSON.
struct JSONReport: Encodable {
    struct Cell: Encodable {
        let strategy: String
        let strategyName: String
        let workload: String
        let unit: String
        /// `measured`, `not applicable` or `not available`.
        let status: String
        let reason: String?
        let median: Double?
        let min: Double?
        let max: Double?
        let repetitions: Int?
        let operationsPerRepetition: Int?
        let nominalOperations: Int
        /// The median divided by the floor's median in the same run (`nil` for a floor).
        let ratioToFloor: Double?
        /// The floor of this workload, as strategy and workload id: `a2 W1`.
        let floor: String
    }

    /// A figure computed from two cells.
    struct Derived: Encodable {
        let name: String
        let workload: String
        let unit: String
        let value: Double
    }

    let date: String
    let machine: String
    let command: String
    /// `full`, `ci` or `quick`.
    let mode: String
    /// `wall` or `cpu`.
    let clock: String
    let sink: Int
    let cells: [Cell]
    let derived: [Derived]

    init(results: ResultSet, strategies: [Strategy], options: Options, command: String, machine: String) {
        date = ISO8601DateFormatter().string(from: Date())
        self.machine = machine
        self.command = command
        mode = options.mode.rawValue
        clock = options.clock.rawValue
        sink = Sink.total
        var cells: [Cell] = []
        for strategy in results.strategies(in: strategies) {
            for workload in results.workloads {
                guard let cell = results.cell(strategy, workload) else { continue }
                cells.append(Self.cell(cell, ratio: results.ratioToFloor(strategy, workload)))
            }
        }
        self.cells = cells
        derived = [Workload.churnAmongFew, .churnAmongMany].flatMap { workload in
            results.valuesSequenceDifferences(workload).map {
                Derived(name: $0.label, workload: workload.id, unit: workload.unit, value: $0.value)
            }
        }
    }

    private static func cell(_ cell: CellResult, ratio: Double?) -> Cell {
        var status = "measured"
        var reason: String?
        var measurement: Measurement?
        switch cell.outcome {
        case .measured(let measured): measurement = measured
        case .notApplicable(let why): (status, reason) = ("not applicable", why)
        case .notAvailable(let why): (status, reason) = ("not available", why)
        }
        let statistics = measurement?.statistics
        return Cell(
            strategy: cell.strategy.id, strategyName: cell.strategy.name, workload: cell.workload.id,
            unit: cell.workload.unit, status: status, reason: reason,
            median: statistics.map(\.median).flatMap(finite), min: statistics.map(\.min).flatMap(finite),
            max: statistics.map(\.max).flatMap(finite), repetitions: statistics?.count,
            operationsPerRepetition: measurement?.operations,
            nominalOperations: measurement?.nominalOperations ?? cell.workload.nominalOperations,
            ratioToFloor: ratio, floor: FloorReference.of(cell.workload).label)
    }

    private static func finite(_ value: Double) -> Double? {
        value.isFinite ? value : nil
    }

    /// Writes the report to `path`.
    func write(to path: String) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        try encoder.encode(self).write(to: URL(fileURLWithPath: path))
    }
}
