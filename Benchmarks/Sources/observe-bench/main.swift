// observe-bench: every observer strategy on the same workloads, in one process.
// `Options.usage` lists the flags; `BenchExit` maps every other ending to its message and
// exit status. The Architecture article of the Observing documentation
// (Sources/Observing/Observing.docc/Architecture.md) defines the workloads.

do throws(BenchExit) {
    try await BenchCommand.run(Array(CommandLine.arguments.dropFirst()))
} catch {
    error.terminate()
}
