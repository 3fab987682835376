import Observing
import Testing

/// A change begun while another is in flight keeps its own old value: the nested change and the
/// outer one are each reported as themselves, as KVO pairs each `didChangeValue` with what its
/// own `willChangeValue` captured.
@Suite struct NestedChangePromiseTests {
    /// The outer change reports the value read when it began, after a nested one.
    ///
    /// OptionsAndChangeValues.md: "Each change keeps its own old value". A prior handler of the
    /// set of `a` sets `b`: the nested set of `b` reports 0 -> 10, and the outer set, notified
    /// after it, reports the value read when it began (0), not the value the nested one
    /// delivered (10).
    @Test func theOuterChangeOfAComputedKeyPathKeepsItsOldValueAfterANestedOne() {
        let pair = ObservedPair()
        let calls = Recorder<String>()
        let token = pair.observe(\.sum, options: [.prior, .old, .new]) { pair, change in
            calls.record(Self.describe(change))
            if change.isPrior, !pair.hasSetB {
                pair.hasSetB = true
                pair.b = 10
            }
        }

        pair.a = 1

        #expect(calls.events == ["prior 0->-", "prior 0->-", "after 0->10", "after 0->11"])
        withExtendedLifetime(token) {}
    }

    /// Over `ObservableProperty` values, each old value is the previous call's new value.
    ///
    /// The properties store before their prior calls, so no value before the change can be
    /// read: ThreadsQueuesAndActors.md's rule holds ("each old value is the previous call's new
    /// value"), for the outer change too, whose after call comes after the nested one's.
    @Test func overPropertiesEachOldValueIsThePreviousCallsNewValue() {
        let pair = PropertyPair()
        let calls = Recorder<String>()
        let token = Self.observeSum(of: pair, calls: calls)

        pair.a.value = 1

        #expect(calls.events == ["prior 0->-", "prior 0->-", "after 0->11", "after 11->11"])
        withExtendedLifetime(token) {}
    }

    /// A chain re-pointed by a handler of the change in flight still gets that change, with the
    /// old value its own prior call read.
    ///
    /// An earlier observer of `first.value` re-points the chain `\.child.value` to `second`
    /// while `first.value = 5` is being delivered: the nested change of `child` reports 5 -> 20
    /// (the chain read 5 at its prior call), and the set of `first.value`, whose entry the chain
    /// had when the set began, then reports 1 -> 20, the value read at its own prior call (it
    /// reported 20 -> 20, the nested change's new value), as KVO reports a change to the
    /// observers it had at `willChangeValue` with the values captured there.
    @MainActor @Test func theChangeInFlightReportsTheOldValueItsPriorCallRead() {
        let first = ChainLeaf(1)
        let second = ChainLeaf(20)
        let holder = ChainHolder(first)
        let repointer = first.observe(\.value) { _, _ in holder.child = second }
        let calls = Recorder<String>()
        let token = holder.observe(\.child.value, options: [.old, .new]) { _, change in
            let old = change.oldValue.map(String.init) ?? "-"
            calls.record("\(old) -> \(change.newValue.map(String.init) ?? "-")")
        }

        first.value = 5

        #expect(calls.events == ["5 -> 20", "1 -> 20"])
        withExtendedLifetime((repointer, token)) {}
    }

    /// Registers from a nonisolated function, so that the handler is a plain `@Sendable` one.
    private nonisolated static func observeSum(of pair: PropertyPair, calls: Recorder<String>)
        -> ObservationToken
    {
        pair.observe(\.sum, options: [.prior, .old, .new]) { pair, change in
            calls.record(describe(change))
            if change.isPrior, pair.b.value == 0 { pair.b.value = 10 }
        }
    }

    private nonisolated static func describe(_ change: KeyValueObservedChange<Int>) -> String {
        let old = change.oldValue.map(String.init) ?? "-"
        let new = change.newValue.map(String.init) ?? "-"
        return "\(change.isPrior ? "prior" : "after") \(old)->\(new)"
    }
}

private final class ObservedPair: KeyValueObservable {
    @Observed var a = 0
    @Observed var b = 0
    var hasSetB = false
    var sum: Int { a + b }
}

private final class PropertyPair: KeyValueObservable, Sendable {
    let a = ObservableProperty(0)
    let b = ObservableProperty(0)
    var sum: Int { a.value + b.value }
}

private final class ChainLeaf: KeyValueObservable {
    @Observed var value: Int
    init(_ value: Int) { self.value = value }
}

private final class ChainHolder: KeyValueObservable {
    @Observed var child: ChainLeaf
    init(_ child: ChainLeaf) { self.child = child }
}
