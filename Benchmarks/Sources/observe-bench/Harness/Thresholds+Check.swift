/// A figure that failed its limit.
enum LimitViolation: CustomStringConvertible {
    /// The ratio to the floor is above the limit.
    case over(Thresholds.Limit, value: Double, floor: Double, ratio: Double)
    /// The figure or its floor ran but has no value.
    case unmeasured(Thresholds.Limit, reason: String)

    /// The limit the figure failed.
    var limit: Thresholds.Limit {
        switch self {
        case .over(let limit, _, _, _), .unmeasured(let limit, _): limit
        }
    }

    var description: String {
        switch self {
        case .over(let limit, let value, let floor, let ratio):
            let unit = limit.workload.unit
            let reference = FloorReference.of(limit.workload)
            return "\(limit.strategy.id) \(limit.workload.id): \(Formatting.figure(value)) \(unit) is "
                + "\(Formatting.ratio(ratio)) \(reference.label) (\(Formatting.figure(floor)) "
                + "\(reference.workload.unit)); limit \(Formatting.ratio(limit.ratio))"
        case .unmeasured(let limit, let reason):
            return "\(limit.strategy.id) \(limit.workload.id): no ratio (\(reason)); "
                + "limit \(Formatting.ratio(limit.ratio))"
        }
    }
}

extension Thresholds {
    /// What checking a run found.
    struct CheckResult {
        /// Limits whose figure ran in this run.
        let checked: Int
        let violations: [LimitViolation]
    }

    /// Checks every limit whose figure ran in `results` (a filtered run checks fewer).
    func check(_ results: ResultSet) -> CheckResult {
        var checked = 0
        var violations: [LimitViolation] = []
        for limit in limits {
            guard let cell = results.cell(limit.strategy, limit.workload) else { continue }
            checked += 1
            let reference = FloorReference.of(limit.workload)
            guard let value = results.median(limit.strategy, limit.workload) else {
                violations.append(.unmeasured(limit, reason: Self.reason(cell.outcome)))
                continue
            }
            guard let floor = results.median(reference.strategy, reference.workload), floor > 0 else {
                violations.append(.unmeasured(limit, reason: "no figure for its floor, \(reference.label)"))
                continue
            }
            let ratio = value / floor
            if ratio > limit.ratio {
                violations.append(.over(limit, value: value, floor: floor, ratio: ratio))
            }
        }
        return CheckResult(checked: checked, violations: violations)
    }

    private static func reason(_ outcome: Outcome) -> String {
        switch outcome {
        case .measured: "the figure did not come out finite"
        case .notApplicable(let why): "not applicable: \(why)"
        case .notAvailable(let why): "not available: \(why)"
        }
    }
}
