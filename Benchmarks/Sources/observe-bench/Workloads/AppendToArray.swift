import Observing

/// W9: append one element to an array property that holds 10,000 or 100,000 elements, as code
/// that builds a collection one element at a time does.
///
/// Each repetition starts from the same count (the array is cut back to it first, a single
/// mutation), then appends `count` distinct values. Rows: a2, a plain array plus one handler
/// call with the array; b, an `@Observed` array with one `observe(\.items, options: [.new])`;
/// b0, the same property with no observer. An append that copies the array (a get and a set)
/// costs O(n); one in place is amortized O(1), so a flat row has W9/100k about equal to W9/10k.
@MainActor
enum AppendToArray {
    nonisolated static let unobserved = Strategy(id: "b0", name: "@Observed, no observer")

    static func cases() -> [BenchCase] {
        [Workload.appendAt10k, .appendAt100k].flatMap { workload in
            [
                BenchCase(
                    strategy: CancellableFloorSubject.strategy, workload: workload, plan: floor(workload)),
                BenchCase(
                    strategy: ObserveClosuresSubject.strategy, workload: workload, plan: observed(workload)),
                BenchCase(strategy: unobserved, workload: workload, plan: plain(workload)),
            ]
        }
    }

    /// a2: a plain stored array and one handler, called with the array after each append.
    private static func floor(_ workload: Workload) -> Plan {
        .timed(deliveriesPerOperation: 1) { @MainActor in
            let model = PlainArrayModel(count: workload.startingElements)
            let handler = PlainArrayModel.handler()
            return TimedRun(run: { @MainActor count in
                model.items.removeSubrange(workload.startingElements...)
                for value in 0..<count {
                    model.items.append(value)
                    handler(model.items)
                }
            })
        }
    }

    /// b: an `@Observed` array with one observer of new values.
    private static func observed(_ workload: Workload) -> Plan {
        .timed(deliveriesPerOperation: 1) { @MainActor in
            let model = ArrayModel(count: workload.startingElements)
            let token = ArrayModel.register(on: model)
            return TimedRun(run: { @MainActor count in
                withExtendedLifetime(token) {
                    model.items.removeSubrange(workload.startingElements...)
                    for value in 0..<count { model.items.append(value) }
                }
            })
        }
    }

    /// b0: the same property with nobody observing it.
    private static func plain(_ workload: Workload) -> Plan {
        .timed(deliveriesPerOperation: 1) { @MainActor in
            let model = ArrayModel(count: workload.startingElements)
            return TimedRun(run: { @MainActor count in
                model.items.removeSubrange(workload.startingElements...)
                for value in 0..<count { model.items.append(value) }
                Sink.add(model.items.count)
            })
        }
    }
}

/// The observed model of W9.
final class ArrayModel: KeyValueObservable {
    @Observed var items: [Int]

    init(count: Int) {
        items = Array(0..<count)
    }

    /// One observer of new values, registered from a nonisolated context as strategy (b)'s are.
    nonisolated static func register(on model: ArrayModel) -> ObservationToken {
        model.observe(\.items, options: [.new]) { _, change in
            Sink.add(change.newValue?.count ?? 0)
        }
    }
}

/// W9's floor: a plain array; its handler reads the array it is given.
final class PlainArrayModel {
    // One isolation domain and no reentrant access, as the floor's other storage.
    @exclusivity(unchecked) var items: [Int]

    init(count: Int) {
        items = Array(0..<count)
    }

    /// A handler made outside the main actor, as the floors' are.
    nonisolated static func handler() -> ([Int]) -> Void {
        { items in Sink.add(items.count) }
    }
}
