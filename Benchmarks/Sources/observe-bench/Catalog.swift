/// Every cell of the table, in row order.
///
/// A strategy or workload that lands later plugs in
/// here with one file of its own.
@MainActor
enum Catalog {
    /// The rows, in table order.
    static let strategies: [Strategy] = [
        FloorSubject.strategy,
        CancellableFloorSubject.strategy,
        ObserveClosuresSubject.strategy,
        AppendToArray.unobserved,
        ObservableObserveClosuresSubject.strategy,
        WholeObjectObserveChangesSubject.strategy,
        ObserverWithContextSubject.strategy,
        ObservablePropertySubject.strategy,
        WeakDelegateSubject.strategy,
        MulticastSubject.strategy,
        NotificationCenterSubject.strategy,
        ObservationTrackingSubject.strategy,
        ObservableTrackingSubject.strategy,
        ObservationsSubject.strategy,
        ValuesSequenceSubject.strategy,
        TaskAloneSubject.strategy,
        StreamAloneSubject.strategy,
        EndToEnd.strategy,
    ]

    /// Every cell; cells not listed here show as not applicable.
    static func cases() -> [BenchCase] {
        FloorSubject.cases() + [FloorTwoThreads.twoThreadsCase()]
            + CancellableFloorSubject.cases()
            + ObserveClosuresSubject.cases()
            + ObservableObserveClosuresSubject.cases()
            + WholeObjectObserveChangesSubject.cases()
            + ObserverWithContextSubject.cases()
            + ObservablePropertySubject.cases() + [ObservablePropertySubject.twoThreadsCase()]
            + WeakDelegateSubject.cases()
            + MulticastSubject.cases()
            + NotificationCenterSubject.cases()
            + ObservationTrackingSubject.cases()
            + ObservableTrackingSubject.cases()
            + ObservationsSubject.cases()
            + ValuesSequenceSubject.cases()
            + TaskAloneSubject.cases()
            + StreamAloneSubject.cases()
            + [BadgeEndToEnd.badgeCase(), DemoEvents.eventsCase()]
            + AppendToArray.cases()
    }
}
