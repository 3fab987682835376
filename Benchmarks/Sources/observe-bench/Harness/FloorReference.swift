/// The figure of the same run that a workload's figures are divided by: their floor.
///
/// W1-W5 and W9 against strategy a2 (the least a cancellable observation does) on the same
/// workload; W7 against the two-thread locked floor (strategy a's W7); W6 and W8, which have
/// no floor of their own, against a2's W1 (one notification).
struct FloorReference: Equatable {
    let strategy: Strategy
    let workload: Workload

    /// The floor of `workload`.
    static func of(_ workload: Workload) -> FloorReference {
        switch workload {
        case .oneObserver, .hundredObservers, .noObservers, .churnAmongFew, .churnAmongMany,
            .bytesPerObserver, .appendAt10k, .appendAt100k:
            FloorReference(strategy: CancellableFloorSubject.strategy, workload: workload)
        case .twoThreadsSetting:
            FloorReference(strategy: FloorSubject.strategy, workload: workload)
        case .badgeEndToEnd, .demoEvents:
            FloorReference(strategy: CancellableFloorSubject.strategy, workload: .oneObserver)
        }
    }

    /// Short text naming the floor, such as `a2 W1`.
    var label: String { "\(strategy.id) \(workload.id)" }

    /// Whether `strategy` on `workload` is this floor itself.
    func isFloor(_ strategy: Strategy, _ workload: Workload) -> Bool {
        strategy == self.strategy && workload == self.workload
    }
}
