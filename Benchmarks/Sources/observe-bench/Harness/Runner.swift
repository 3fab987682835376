/// Runs the cells: a calibration that also warms up, then the timed repetitions, then an
/// untimed pass that counts allocations.
@MainActor
struct Runner {
    let options: Options

    private var mode: RunMode { options.mode }
    private var clock: TimingClock { options.clock }

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
        min(workload.nominalOperations, mode.operationCap ?? .max)
    }

    private func timed(
        _ workload: Workload, deliveries: Int,
        setUp: @MainActor () async -> TimedRun
    ) async -> Measurement {
        let subject = await setUp()
        let run = subject.run
        let nominal = nominal(workload)
        let count = await calibrate(nominal: nominal, minimum: 1) { count in
            await clock.measure { await run(count) }
        }
        _ = await clock.measure { await run(count) }  // warm-up at the final count
        var samples: [Double] = []
        for _ in 0..<options.repetitions {
            let elapsed = await clock.measure { await run(count) }
            samples.append(Double(elapsed) / Double(count * deliveries))
        }
        await subject.finish()
        return Measurement(
            statistics: Statistics(samples) ?? .unmeasured, operations: count, nominalOperations: nominal)
    }

    private func heap(
        _ workload: Workload, prepare: @MainActor (Int) async -> HeapTrial
    ) async -> Measurement {
        let nominal = nominal(workload)
        let count = await calibrate(nominal: nominal, minimum: min(nominal, mode.minimumHeapObservers)) {
            count in
            let trial = await prepare(count)
            let elapsed = await clock.measure { await trial.attach() }
            await trial.finish()
            return elapsed
        }
        var samples: [Double] = []
        for _ in 0...options.repetitions {
            await settle()
            let trial = await prepare(count)
            guard let before = HeapProbe.bytesInUse() else { break }
            await trial.attach()
            guard let after = HeapProbe.bytesInUse() else { break }
            samples.append(Double(after - before) / Double(count))
            await trial.finish()
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
    /// grows faster than linearly is still bounded. A count that seems to fill an eighth of
    /// the budget is measured again before it decides, since the first batches of a cell
    /// run cold (caches, lazily created state, threads not yet started).
    private func calibrate(nominal: Int, minimum: Int, _ measure: (Int) async -> UInt64) async -> Int {
        if let fixed = options.fixedOperations { return fixed }
        var count = max(minimum, min(nominal, mode.firstCalibrationCount))
        var isRepeat = false
        while true {
            let elapsed = Double(max(await measure(count), 1))
            if count == nominal { return count }
            if elapsed > mode.budget / 8 {
                if isRepeat || mode == .quick {
                    return max(minimum, min(nominal, Int(Double(count) * mode.budget / elapsed)))
                }
                isRepeat = true
                continue
            }
            isRepeat = false
            count = min(nominal, count * 4)
        }
    }
}
