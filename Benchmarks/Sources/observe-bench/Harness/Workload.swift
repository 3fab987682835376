/// The workloads, one column of the table each (W4 has two).
enum Workload: String, CaseIterable, Sendable {
    case oneObserver = "W1"
    case hundredObservers = "W2"
    case noObservers = "W3"
    case churnAmongFew = "W4/10"
    case churnAmongMany = "W4/10k"
    case bytesPerObserver = "W5"
    case badgeEndToEnd = "W6"
    case twoThreadsSetting = "W7"
    case demoEvents = "W8"
    case appendAt10k = "W9/10k"
    case appendAt100k = "W9/100k"

    /// The column heading.
    var id: String { rawValue }

    /// What one operation is and what the figure means.
    var title: String {
        switch self {
        case .oneObserver: "1 observer, distinct Int sets; ns per notification"
        case .hundredObservers: "100 observers; ns per delivered notification"
        case .noObservers: "no observers; ns per set"
        case .churnAmongFew: "observe + cancel one observer, 10 others attached; ns per pair"
        case .churnAmongMany: "observe + cancel one observer, 10,000 others attached; ns per pair"
        case .bytesPerObserver: "heap in use per attached observer (1,000,000 attached); bytes"
        case .badgeEndToEnd: "TabBarItem.badgeValue set -> button badge content; ns per update"
        case .twoThreadsSetting: "ObservableProperty, 2 threads setting, 1 observer; ns per notification"
        case .demoEvents: "demo event path, JSON Lines parsed and applied; ns per event"
        case .appendAt10k: "append one Int to an array property of 10,000 elements; ns per append"
        case .appendAt100k: "append one Int to an array property of 100,000 elements; ns per append"
        }
    }

    /// The unit of the figure.
    var unit: String { self == .bytesPerObserver ? "B" : "ns" }

    /// The operations one repetition performs in a full run; a repetition may be shortened
    /// to the time budget (the JSON records the count used).
    var nominalOperations: Int {
        switch self {
        case .oneObserver: 1_000_000
        case .hundredObservers: 100_000
        case .noObservers: 10_000_000
        case .churnAmongFew, .churnAmongMany: 1_000_000
        case .bytesPerObserver: 1_000_000
        case .badgeEndToEnd: 1_000_000
        case .twoThreadsSetting: 1_000_000
        case .demoEvents: 1_000_000
        case .appendAt10k, .appendAt100k: 10_000
        }
    }

    /// Observers attached while measuring.
    var attachedObservers: Int {
        switch self {
        case .oneObserver: 1
        case .hundredObservers: 100
        case .noObservers: 0
        case .churnAmongFew: 10
        case .churnAmongMany: 10_000
        case .bytesPerObserver: 1_000_000
        case .badgeEndToEnd, .twoThreadsSetting: 1
        case .demoEvents: 0
        case .appendAt10k, .appendAt100k: 1
        }
    }

    /// For W9, the elements the array holds when a repetition starts.
    var startingElements: Int {
        switch self {
        case .appendAt10k: 10_000
        case .appendAt100k: 100_000
        default: 0
        }
    }

    /// Whether `term` (from `--filter`) names this workload: `W4` names both W4 columns.
    func matches(_ term: String) -> Bool {
        let term = term.uppercased()
        return rawValue.uppercased() == term || rawValue.uppercased().hasPrefix(term + "/")
    }
}
