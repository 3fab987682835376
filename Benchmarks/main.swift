// observe-bench: every observer strategy on the same workloads, in one process.
// `Options.usage` lists the flags; `BenchExit` maps every other ending to its message and
// exit status.

do throws(BenchExit) {
    try await BenchCommand.run(Array(CommandLine.arguments.dropFirst()))
} catch {
    error.terminate()
}
