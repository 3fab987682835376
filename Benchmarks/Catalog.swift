/// Every cell of the table, in row order.
///
/// A strategy or workload that lands later plugs in
/// here with one file of its own (see `Pending.swift` for what is still missing).
@MainActor
enum Catalog {
    /// The rows, in table order.
    static let strategies: [Strategy] = [
        FloorSubject.strategy,
        ObserveClosuresSubject.strategy,
        ObserverWithContextSubject.strategy,
        Pending.observableProperty,
        WeakDelegateSubject.strategy,
        MulticastSubject.strategy,
        NotificationCenterSubject.strategy,
        ObservationTrackingSubject.strategy,
        ObservationsSubject.strategy,
        Pending.valuesSequence,
        Pending.endToEnd,
    ]

    /// Every cell; cells not listed here show as not applicable.
    static func cases() -> [BenchCase] {
        FloorSubject.cases()
            + ObserveClosuresSubject.cases()
            + ObserverWithContextSubject.cases()
            + Pending.observablePropertyCases()
            + WeakDelegateSubject.cases()
            + MulticastSubject.cases()
            + NotificationCenterSubject.cases()
            + ObservationTrackingSubject.cases()
            + ObservationsSubject.cases()
            + Pending.valuesSequenceCases()
            + Pending.endToEndCases()
    }
}
