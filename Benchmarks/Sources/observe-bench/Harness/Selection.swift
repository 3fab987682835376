/// The `--filter` terms, split into strategy terms and workload terms.
struct Selection {
    private var strategyTerms: [String] = []
    private var workloadTerms: [String] = []

    init(filters: [String]) {
        for term in filters where !term.isEmpty {
            if Workload.allCases.contains(where: { $0.matches(term) }) {
                workloadTerms.append(term)
            } else {
                strategyTerms.append(term)
            }
        }
    }

    /// The cases that match a strategy term (if any) and a workload term (if any).
    func apply(to cases: [BenchCase]) -> [BenchCase] {
        cases.filter { benchCase in
            (strategyTerms.isEmpty || strategyTerms.contains { benchCase.strategy.matches($0) })
                && (workloadTerms.isEmpty || workloadTerms.contains { benchCase.workload.matches($0) })
        }
    }
}
