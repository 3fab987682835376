/// Rows and cells whose code under test has not landed on this branch yet.
///
/// Each is
/// reported as "n/a (not available)", never with a figure; when the code lands, its
/// strategy file replaces the entry here.
@MainActor
enum Pending {
    /// (d) `ObservableProperty`, written on main.
    static let observableProperty = Strategy(id: "d", name: "ObservableProperty")
    /// (i) `values(for:)`, written on main.
    static let valuesSequence = Strategy(id: "i", name: "values(for:) async sequence")
    /// The product paths of W6 (TabBarModel, branch `tabbar`) and W8 (the demo, branch `demo`).
    static let endToEnd = Strategy(id: "app", name: "TabBarModel / demo end to end")

    static func observablePropertyCases() -> [BenchCase] {
        missing(
            observableProperty,
            [
                .oneObserver, .hundredObservers, .noObservers, .churnAmongFew,
                .churnAmongMany, .bytesPerObserver, .twoThreadsSetting,
            ], "ObservableProperty has not landed")
    }

    static func valuesSequenceCases() -> [BenchCase] {
        missing(
            valuesSequence,
            [
                .oneObserver, .hundredObservers, .noObservers, .churnAmongFew,
                .churnAmongMany, .bytesPerObserver,
            ], "values(for:) has not landed")
    }

    static func endToEndCases() -> [BenchCase] {
        missing(endToEnd, [.badgeEndToEnd], "TabBarModel has not landed")
            + missing(endToEnd, [.demoEvents], "the demo's event parser has not landed")
    }

    private static func missing(_ strategy: Strategy, _ workloads: [Workload], _ reason: String)
        -> [BenchCase]
    {
        workloads.map { BenchCase(strategy: strategy, workload: $0, plan: .notAvailable(reason)) }
    }
}
