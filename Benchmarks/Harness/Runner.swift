/// Runs the cells: a calibration that also warms up, then the timed repetitions, then an
/// untimed pass that counts allocations.
@MainActor
struct Runner {
    let options: Options

    /// Nanoseconds one repetition may take; the count of operations is cut to fit.
    private var budget: Double { options.isQuick ? 2_000_000 : 250_000_000 }
    /// The most operations a quick run performs per repetition.
    private var quickCap: Int { 5_000 }
    /// The fewest observers W5 attaches, so that allocator noise stays small per observer.
    private var minimumHeapObservers: Int { options.isQuick ? 1_000 : 20_000 }

    /// Measures `benchCase`, printing progress to standard error.
    func run(_ benchCase: BenchCase) async -> CellResult {
        let outcome: Outcome
        switch benchCase.plan {
        case .notApplicable(let reason):
            outcome = .notApplicable(reason)
        case .notAvailable(let reason):
            outcome = .notAvailable(reason)
        case .timed(let deliveries, let setUp):
            outcome = .measured(await timed(benchCase.workload, deliveries: deliveries, setUp: setUp))
        case .heap(let prepare):
            outcome = .measured(await heap(benchCase.workload, prepare: prepare))
        }
        return CellResult(strategy: benchCase.strategy, workload: benchCase.workload, outcome: outcome)
    }

    private func nominal(_ workload: Workload) -> Int {
        options.isQuick ? min(workload.nominalOperations, quickCap) : workload.nominalOperations
    }

    private func timed(
        _ workload: Workload, deliveries: Int,
        setUp: @MainActor () async -> @MainActor (Int) async -> Void
    ) async -> Measurement {
        let run = await setUp()
        let nominal = nominal(workload)
        let count = await calibrate(nominal: nominal, minimum: 1) { count in
            await MonotonicClock.measure { await run(count) }
        }
        _ = await MonotonicClock.measure { await run(count) }  // warm-up at the final count
        var samples: [Double] = []
        for _ in 0..<options.repetitions {
            let elapsed = await MonotonicClock.measure { await run(count) }
            samples.append(Double(elapsed) / Double(count * deliveries))
        }
        return Measurement(
            statistics: Statistics(samples) ?? .unmeasured, operations: count, nominalOperations: nominal)
    }

    private func heap(
        _ workload: Workload, prepare: @MainActor (Int) async -> @MainActor () async -> Void
    ) async -> Measurement {
        let nominal = nominal(workload)
        let count = await calibrate(nominal: nominal, minimum: min(nominal, minimumHeapObservers)) { count in
            let attach = await prepare(count)
            return await MonotonicClock.measure { await attach() }
        }
        var samples: [Double] = []
        for _ in 0...options.repetitions {
            await settle()
            let attach = await prepare(count)
            guard let before = HeapProbe.bytesInUse() else { break }
            await attach()
            guard let after = HeapProbe.bytesInUse() else { break }
            samples.append(Double(after - before) / Double(count))
            withExtendedLifetime(attach) {}
        }
        // The first attach warms up (lazily created registries, metadata caches).
        return Measurement(
            statistics: Statistics(Array(samples.dropFirst())) ?? .unmeasured, operations: count,
            nominalOperations: nominal)
    }

    /// Lets work that the previous trial left on the main actor (cancelled consumer tasks
    /// finishing) run, so that its memory is freed before the next "before" reading.
    private func settle() async {
        for _ in 0..<20 {
            await Task.yield()
        }
    }

    /// Finds the number of operations for one repetition.
    ///
    /// That is the nominal count, or fewer when that would exceed the time budget, but not
    /// fewer than `minimum`. Grows by 4x from a small count, so work whose cost
    /// grows faster than linearly is still bounded.
    private func calibrate(nominal: Int, minimum: Int, _ measure: (Int) async -> UInt64) async -> Int {
        if let fixed = options.fixedOperations { return fixed }
        var count = max(minimum, min(nominal, options.isQuick ? 1 : 64))
        while true {
            let elapsed = Double(max(await measure(count), 1))
            if count == nominal { return count }
            if elapsed > budget / 8 {
                return max(minimum, min(nominal, Int(Double(count) * budget / elapsed)))
            }
            count = min(nominal, count * 4)
        }
    }
}
