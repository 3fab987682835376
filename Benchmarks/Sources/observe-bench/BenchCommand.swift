import Foundation

/// One run of `observe-bench`: parse the command line, measure the selected cells, print
/// the table, write the outputs and check the limits.
@MainActor
enum BenchCommand {
    /// Runs the benchmark with `arguments` (without the program name).
    ///
    /// - Throws: `BenchExit` for help, usage and environment errors, and figures over
    ///   their limits.
    static func run(_ arguments: [String]) async throws(BenchExit) {
        let options: Options
        do {
            options = try Options.parse(arguments)
        } catch {
            throw error == .helpRequested ? .helpRequested : .badArguments(error)
        }
        guard !isUnoptimizedBuild else { throw .unoptimizedBuild }
        let catalog = Catalog.cases()
        let thresholds = try options.thresholdsPath.map { path throws(BenchExit) in
            try Thresholds.load(from: path, cases: catalog, strategies: Catalog.strategies)
        }
        for path in [options.jsonPath, options.svgPath].compactMap({ $0 }) {
            try checkWritable(path)
        }
        var selected = Selection(filters: options.filters).apply(to: catalog)
        guard !selected.isEmpty else { throw .filterMatchesNothing(options.filters) }
        if thresholds != nil {
            selected = withFloors(of: selected, from: catalog)
        }

        let runner = Runner(options: options)
        var results: [CellResult] = []
        // The single-threaded timed cells run first, then the two-thread cells (W7), then the
        // heap cells (W5): a timed cell measured after a second thread had run, or after a
        // million observers were attached and freed, came out up to 25% slower (b's W1: 48 ns
        // after a's W7 or a2's W5, 38-40 ns before them).
        let laterWorkloads: [Workload] = [.twoThreadsSetting, .bytesPerObserver]
        let ordered =
            selected.filter { !laterWorkloads.contains($0.workload) }
            + laterWorkloads.flatMap { workload in selected.filter { $0.workload == workload } }
        for benchCase in ordered {
            FileHandle.standardError.write(
                Data("  \(benchCase.strategy.id) \(benchCase.workload.id)...\n".utf8))
            results.append(await runner.run(benchCase))
        }
        let resultSet = ResultSet(results: results)
        printReport(resultSet, options: options)
        try writeOutputs(resultSet, options: options)

        if let thresholds {
            let result = thresholds.check(resultSet)
            print("\ncheck: \(result.checked) figure(s) against the limits in \(thresholds.path)")
            guard result.violations.isEmpty else {
                throw .overLimits(path: thresholds.path, result.violations)
            }
            print("check: every checked figure is within its limit")
        }
    }

    private static var command: String {
        (["observe-bench"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
    }

    private static func printReport(_ results: ResultSet, options: Options) {
        let report = TableReport(results: results, strategies: Catalog.strategies)
        print(
            "observe-bench (\(options.mode.rawValue) run, \(options.clock.rawValue) time) — "
                + MachineDescription.current)
        print(
            "median ns per operation (W5: bytes per observer); (ratio) to the floor in this run: "
                + "a2 for W1-W5 and W9, a (two threads, locked) for W7, a2's W1 for W6 and W8\n")
        print(report.table())
        print("\n" + report.details())
        print("\nsink: \(Sink.total)")
    }

    private static func writeOutputs(_ results: ResultSet, options: Options) throws(BenchExit) {
        let machine = MachineDescription.current
        if let path = options.jsonPath {
            do {
                try JSONReport(
                    results: results, strategies: Catalog.strategies, options: options, command: command,
                    machine: machine
                ).write(to: path)
            } catch {
                throw .cannotWrite(path: path, reason: error.localizedDescription)
            }
        }
        if let path = options.svgPath {
            let caption = "\(machine); \(command); \(Date())"
            let svg = SVGChart(results: results, strategies: Catalog.strategies, caption: caption).render()
            do {
                try svg.write(toFile: path, atomically: true, encoding: .utf8)
            } catch {
                throw .cannotWrite(path: path, reason: error.localizedDescription)
            }
        }
    }

    /// Fails before the run, rather than after it, when `path`'s folder cannot take the file.
    private static func checkWritable(_ path: String) throws(BenchExit) {
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory), isDirectory.boolValue
        else { throw .cannotWrite(path: path, reason: "no folder \(folder)") }
        guard FileManager.default.isWritableFile(atPath: folder) else {
            throw .cannotWrite(path: path, reason: "folder \(folder) is not writable")
        }
    }

    /// `selected`, plus the floors their ratios need, in catalog order.
    private static func withFloors(of selected: [BenchCase], from catalog: [BenchCase]) -> [BenchCase] {
        let floors = selected.map { FloorReference.of($0.workload) }
        return catalog.filter { benchCase in
            selected.contains { $0.strategy == benchCase.strategy && $0.workload == benchCase.workload }
                || floors.contains { $0.isFloor(benchCase.strategy, benchCase.workload) }
        }
    }
}
