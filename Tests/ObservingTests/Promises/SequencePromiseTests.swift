import Observing
import Testing

/// Promises of `changes(for:options:)` and `KeyValueObservationSequence` not checked elsewhere.
@Suite struct SequencePromiseTests {
    /// Changes report new values by default and the current value first with initial.
    ///
    /// AsyncSequences.md: "`changes(for:options:)` yields each `KeyValueObservedChange`, with
    /// the values `options` asks for (`.new` by default; with `.initial`, the current value
    /// first)."
    @Test func changesReportNewValuesByDefaultAndTheCurrentValueFirstWithInitial() async {
        let counter = Counter()
        counter.value = 1
        let byDefault = counter.changes(for: \.value)
        let withInitial = counter.changes(for: \.value, options: [.initial, .old, .new])
        counter.value = 2

        var defaultIterator = byDefault.makeAsyncIterator()
        let change = await defaultIterator.next()
        #expect(change?.kind == .setting)
        #expect(change?.newValue == 2)
        #expect(change?.oldValue == nil)

        var initialIterator = withInitial.makeAsyncIterator()
        let first = await initialIterator.next()
        let second = await initialIterator.next()
        #expect(first?.newValue == 1 && first?.oldValue == nil)
        #expect(second?.newValue == 2 && second?.oldValue == 1)
    }

    /// A second iterator waiting at the same time receives nil.
    ///
    /// KeyValueObservationSequence.swift: "One consumer at a time: a second iterator waiting at
    /// once receives `nil`." Nothing is buffered, so the first `next()` to return can only be
    /// the second waiter's `nil`; the other waiter then receives the next change.
    @Test func aSecondIteratorWaitingAtTheSameTimeReceivesNil() async {
        let counter = Counter()
        let changes = counter.changes(for: \.value)
        await withTaskGroup(of: Int?.self) { group in
            for _ in 0..<2 {
                group.addTask {
                    var iterator = changes.makeAsyncIterator()
                    return await iterator.next().map { $0.newValue ?? -1 }
                }
            }
            let first = await group.next()
            #expect(first == .some(nil))
            counter.value = 1
            let second = await group.next()
            #expect(second == .some(1))
        }
    }
}
