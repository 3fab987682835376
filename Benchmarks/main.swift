import Foundation

// observe-bench: every observer strategy on the same workloads, in one process.
// See `Options.usage`, and the workloads in the Architecture article of the Observing
// documentation (Sources/Observing/Observing.docc/Architecture.md), for what each figure means.

guard !isUnoptimizedBuild else {
    FileHandle.standardError.write(
        Data(
            ("observe-bench: warning: built without optimization; figures would be meaningless.\n"
                + "Run: swift run -c release observe-bench\n").utf8))
    exit(2)
}

let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    let isHelp: Bool
    if case .helpRequested = error { isHelp = true } else { isHelp = false }
    FileHandle.standardError.write(
        Data(((isHelp ? "" : "observe-bench: \(error)\n") + Options.usage + "\n").utf8))
    exit(isHelp ? 0 : 64)
}

let selected = Selection(filters: options.filters).apply(to: Catalog.cases())
guard !selected.isEmpty else {
    FileHandle.standardError.write(Data("observe-bench: --filter matches nothing\n".utf8))
    exit(64)
}

let runner = Runner(options: options)
var results: [CellResult] = []
for benchCase in selected {
    FileHandle.standardError.write(Data("  \(benchCase.strategy.id) \(benchCase.workload.id)...\n".utf8))
    results.append(await runner.run(benchCase))
}

let resultSet = ResultSet(results: results)
let report = TableReport(results: resultSet, strategies: Catalog.strategies)
let command = (["observe-bench"] + CommandLine.arguments.dropFirst()).joined(separator: " ")
let machine = MachineDescription.current
print("observe-bench \(options.isQuick ? "(quick) " : "")— \(machine)")
print("median ns per operation (W5: bytes per observer); (ratio) to the floor, strategy a\n")
print(report.table())
print("\n" + report.details())
print("\nsink: \(Sink.total)")

do {
    if let path = options.jsonPath {
        try JSONReport(
            results: resultSet, strategies: Catalog.strategies, options: options, command: command,
            machine: machine
        ).write(to: path)
    }
    if let path = options.svgPath {
        let caption = "\(machine); \(command); \(Date())"
        let svg = SVGChart(results: resultSet, strategies: Catalog.strategies, caption: caption).render()
        try svg.write(toFile: path, atomically: true, encoding: .utf8)
    }
} catch {
    FileHandle.standardError.write(Data("observe-bench: cannot write output: \(error)\n".utf8))
    exit(1)
}
