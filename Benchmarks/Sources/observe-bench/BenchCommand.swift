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
        let resultSet = ResultSet(results: await measure(selected, with: runner))
        printReport(resultSet, options: options)
        try writeOutputs(resultSet, options: options)

        if let thresholds {
            try await check(resultSet, against: thresholds, catalog: catalog, runner: runner)
        }
    }

    /// How many times in all a figure is measured before it is reported over its limit.
    ///
    /// On a shared machine one run's median of a cell or of its floor can land in a slow mode
    /// (another process on the core, a frequency change): the same binary's c W1 measured 117
    /// and 190 ns in two runs. A regression is over its limit in every measurement; noise in one.
    static let checkAttempts = 3

    /// Checks `results` against `thresholds`; a figure over its limit is measured again with
    /// its floor, up to `checkAttempts` in all, and fails only if it is over in every one.
    ///
    /// - Throws: `BenchExit.overLimits` with the last measurement of each figure over its
    ///   limit every time.
    private static func check(
        _ results: ResultSet, against thresholds: Thresholds, catalog: [BenchCase], runner: Runner
    ) async throws(BenchExit) {
        let result = thresholds.check(results)
        print("\ncheck: \(result.checked) figure(s) against the limits in \(thresholds.path)")
        var violations = result.violations
        var attempt = 1
        while !violations.isEmpty && attempt < checkAttempts {
            attempt += 1
            print(
                "check: \(violations.count) figure(s) over their limits; measuring them again with "
                    + "their floors (measurement \(attempt) of \(checkAttempts)):")
            for violation in violations { print("  \(violation)") }
            let again = withFloors(
                of: catalog.filter { benchCase in
                    violations.contains {
                        $0.limit.strategy == benchCase.strategy && $0.limit.workload == benchCase.workload
                    }
                },
                from: catalog)
            violations = thresholds.check(ResultSet(results: await measure(again, with: runner))).violations
        }
        guard violations.isEmpty else {
            // The report above went to standard output; the failure goes to standard error
            // after it, so that a log's tail names the figures.
            throw .overLimits(path: thresholds.path, violations)
        }
        print("check: every checked figure is within its limit")
    }

    /// Measures `cases` in an order that keeps one cell from slowing the next.
    ///
    /// The single-threaded timed cells run first, then the two-thread cells (W7), then the
    /// heap cells (W5): a timed cell measured after a second thread had run, or after a
    /// million observers were attached and freed, came out up to 25% slower (b's W1: 48 ns
    /// after a's W7 or a2's W5, 38-40 ns before them).
    private static func measure(_ cases: [BenchCase], with runner: Runner) async -> [CellResult] {
        let laterWorkloads: [Workload] = [.twoThreadsSetting, .bytesPerObserver]
        let ordered =
            cases.filter { !laterWorkloads.contains($0.workload) }
            + laterWorkloads.flatMap { workload in cases.filter { $0.workload == workload } }
        var results: [CellResult] = []
        for benchCase in ordered {
            FileHandle.standardError.write(
                Data("  \(benchCase.strategy.id) \(benchCase.workload.id)...\n".utf8))
            results.append(await runner.run(benchCase))
        }
        return results
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
