/// How long a run takes: the time budget of one repetition and the counts it may use.
enum RunMode: String {
    /// Every figure at the nominal counts, cut to 250 ms per repetition (a minute or two).
    case full
    /// Enough work per figure for stable ratios in well under two minutes: what CI checks
    /// against `Thresholds.json`.
    case ci
    /// A smoke run of every cell in a few seconds; its figures are rough.
    case quick

    /// Nanoseconds one repetition may take; the count of operations is cut to fit.
    var budget: Double {
        switch self {
        case .full: 250_000_000
        case .ci: 20_000_000
        case .quick: 2_000_000
        }
    }

    /// The most operations one repetition performs, or `nil` for the workload's nominal count.
    var operationCap: Int? {
        switch self {
        case .full: nil
        case .ci: 200_000
        case .quick: 5_000
        }
    }

    /// The fewest observers W5 attaches, so that allocator noise stays small per observer.
    var minimumHeapObservers: Int {
        switch self {
        case .full: 20_000
        case .ci: 20_000
        case .quick: 1_000
        }
    }

    /// The clock that times the run unless `--clock` chooses: CPU time for CI, whose
    /// machines are shared, wall time otherwise.
    var clock: TimingClock { self == .ci ? .cpu : .wall }

    /// The smallest count calibration starts from.
    var firstCalibrationCount: Int { self == .quick ? 1 : 64 }
}
