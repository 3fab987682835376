/// The summary of repeated measurements of one figure.
struct Statistics: Equatable {
    let median: Double
    let min: Double
    let max: Double
    let count: Int

    /// The statistics of a figure that could not be measured.
    static let unmeasured = Statistics(median: .nan, min: .nan, max: .nan, count: 0)

    private init(median: Double, min: Double, max: Double, count: Int) {
        self.median = median
        self.min = min
        self.max = max
        self.count = count
    }

    /// Summarizes `samples`; `nil` when there are none.
    init?(_ samples: [Double]) {
        guard !samples.isEmpty else { return nil }
        let sorted = samples.sorted()
        let middle = sorted.count / 2
        median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        min = sorted[0]
        max = sorted[sorted.count - 1]
        count = sorted.count
    }
}
