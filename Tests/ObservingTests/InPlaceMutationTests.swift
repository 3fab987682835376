import Observation
import Observing
import Testing

/// A mutation through an `@Observed` property (`append`, `+=`, a mutating method) runs in place
/// when nobody observes the property, and when no registration needs the old value; otherwise
/// it runs on a copy, which is then set (and notified with both values).
@MainActor
@Suite struct InPlaceMutationTests {
    @Test func aStructValueStaysUniqueWithNoObserver() {
        let model = MutatingModel()
        let unique1 = model.probe.isUnique()
        #expect(unique1)
        let unique2 = model.probe.isUnique()
        #expect(unique2)
    }

    @Test func aStructValueStaysUniqueWithAnObserverOfNewValues() {
        let model = MutatingModel()
        var seen: [Int] = []
        let token = model.observe(\.probe, options: [.new]) { _, change in
            seen.append(change.newValue?.mutations ?? -1)
        }
        let unique3 = model.probe.isUnique()
        #expect(unique3)
        let unique4 = model.probe.isUnique()
        #expect(unique4)
        #expect(seen == [1, 2])
        token.invalidate()
    }

    @Test func anObserverOfOldValuesMakesTheMutationCopyAndSeesBothValues() {
        let model = MutatingModel()
        var seen: [String] = []
        let token = model.observe(\.probe, options: [.old, .new]) { _, change in
            seen.append("\(change.oldValue?.mutations ?? -1)->\(change.newValue?.mutations ?? -1)")
        }
        let unique5 = model.probe.isUnique()
        #expect(!unique5)
        #expect(seen == ["0->1"])
        token.invalidate()
        let unique6 = model.probe.isUnique()
        #expect(unique6)
    }

    @Test(arguments: [KeyValueObservingOptions.prior, .removeDuplicates])
    func otherOptionsThatNeedTheOldValueMakeTheMutationCopy(options: KeyValueObservingOptions) {
        let model = MutatingModel()
        let token = model.observe(\.probe, options: options.union(.new)) { _, _ in }
        let unique7 = model.probe.isUnique()
        #expect(!unique7)
        token.invalidate()
    }

    @Test func appendsWithNoObserverKeepTheBuffer() {
        let model = MutatingModel()
        model.items.reserveCapacity(64)
        let start = model.items.withUnsafeBufferPointer { $0.baseAddress }
        for value in 0..<50 { model.items.append(value) }
        #expect(model.items.withUnsafeBufferPointer { $0.baseAddress } == start)
        #expect(model.items == Array(0..<50))
    }

    @Test func appendsWithAnObserverKeepTheBufferAndNotifyEachWholeValue() {
        let model = MutatingModel()
        model.items.reserveCapacity(64)
        var counts: [Int] = []
        let token = model.observe(\.items, options: [.new]) { _, change in
            counts.append(change.newValue?.count ?? -1)
        }
        let start = model.items.withUnsafeBufferPointer { $0.baseAddress }
        for value in 0..<5 { model.items.append(value) }
        model.items += [5, 6]
        #expect(model.items.withUnsafeBufferPointer { $0.baseAddress } == start)
        #expect(counts == [1, 2, 3, 4, 5, 7])
        token.invalidate()
    }

    /// An append in place is delivered with the new array only: an observer that asks for
    /// `.new` gets it, one that asks for nothing gets no value, and neither gets an old value,
    /// whatever order they registered in.
    @Test func anAppendInPlaceGivesTheNewArrayOnlyToTheObserversThatAskForIt() {
        let model = MutatingModel()
        model.items.reserveCapacity(64)
        var changes: [String] = []
        func describe(_ name: String, _ change: KeyValueObservedChange<[Int]>) -> String {
            "\(name) \(change.kind) new \(change.newValue.map { "\($0)" } ?? "nil") old "
                + "\(change.oldValue.map { "\($0)" } ?? "nil") prior \(change.isPrior)"
        }
        let bare = model.observe(\.items, options: []) { _, change in
            changes.append(describe("bare", change))
        }
        let new = model.observe(\.items, options: [.new]) { _, change in
            changes.append(describe("new", change))
        }
        let bareAgain = model.observe(\.items, options: []) { _, change in
            changes.append(describe("bareAgain", change))
        }
        let start = model.items.withUnsafeBufferPointer { $0.baseAddress }
        model.items.append(1)
        model.items.append(2)
        #expect(model.items.withUnsafeBufferPointer { $0.baseAddress } == start)
        #expect(
            changes == [
                "bare setting new nil old nil prior false",
                "new setting new [1] old nil prior false",
                "bareAgain setting new nil old nil prior false",
                "bare setting new nil old nil prior false",
                "new setting new [1, 2] old nil prior false",
                "bareAgain setting new nil old nil prior false",
            ])
        bare.invalidate()
        new.invalidate()
        bareAgain.invalidate()
    }

    @Test func mutableArrayValueAppendsInPlaceAndReportsOnlyTheInsertedElement() {
        let model = MutatingModel()
        model.items.reserveCapacity(64)
        var changes: [String] = []
        let token = model.observe(\.items, options: [.new]) { _, change in
            let indexes = change.indexes.map { $0.sorted() } ?? []
            changes.append("\(change.kind) \(indexes) \(change.newValue ?? [])")
        }
        let items = model.mutableArrayValue(for: \.items)
        let start = model.items.withUnsafeBufferPointer { $0.baseAddress }
        items.append(7)
        items.append(8)
        items.insert(6, at: 0)
        #expect(model.items.withUnsafeBufferPointer { $0.baseAddress } == start)
        #expect(model.items == [6, 7, 8])
        #expect(changes == ["insertion [0] [7]", "insertion [1] [8]", "insertion [0] [6]"])
        token.invalidate()
    }

    @Test func aMutationFromAHandlerIsNotifiedAfterTheOneInFlight() {
        let model = MutatingModel()
        var first: [[Int]] = []
        var second: [[Int]] = []
        let a = model.observe(\.items, options: [.new]) { model, change in
            first.append(change.newValue ?? [])
            if change.newValue == [1] { model.items.append(2) }
        }
        let b = model.observe(\.items, options: [.new]) { _, change in
            second.append(change.newValue ?? [])
        }
        model.items.append(1)
        #expect(first == [[1], [1, 2]])
        #expect(second == [[1], [1, 2]])
        #expect(model.items == [1, 2])
        a.invalidate()
        b.invalidate()
    }

    /// The property still reads `[]` in the prior call, so the mutation builds on it, as a get
    /// and a set would; it is deferred past the set in flight, so the last mutation wins.
    @Test func aMutationFromAPriorHandlerIsDeferredAsASetIs() {
        let model = MutatingModel()
        var told: [String] = []
        let token = model.observe(\.items, options: [.prior, .new]) { model, change in
            told.append(change.isPrior ? "prior" : "\(change.newValue ?? [])")
            if change.isPrior, model.items.isEmpty { model.items.append(9) }
        }
        model.items.append(1)
        #expect(told == ["prior", "[1]", "prior", "[9]"])
        #expect(model.items == [9])
        token.invalidate()
    }

    /// A set from Observation's `onChange` leaves an in-place insertion its own description.
    ///
    /// `onChange` runs in the mutation's `willSet` report, before the mutation, as a prior
    /// callback runs: its append builds on the value before the mutation and is deferred past
    /// it, so it wins (as in `aMutationFromAPriorHandlerIsDeferredAsASetIs`). The deferred set
    /// described nothing, so it is a plain set. Before the fix, the deferred set took the
    /// insertion's description, and the insertion was reported as a plain set.
    @Test func aSetFromOnChangeDuringAnInPlaceInsertionLeavesTheInsertionItsDescription() {
        let model = ObservableMutatingModel()
        var changes: [String] = []
        let token = model.observe(\.items, options: [.new]) { _, change in
            let indexes = change.indexes.map { $0.sorted() } ?? []
            changes.append("\(change.kind) \(indexes) \(change.newValue ?? [])")
        }
        // onChange is `@Sendable`; it runs synchronously here, inside the append below.
        nonisolated(unsafe) let target = model
        withObservationTracking {
            _ = model.items
        } onChange: {
            target.items.append(99)
        }
        model.mutableArrayValue(for: \.items).append(1)
        #expect(changes == ["insertion [0] [1]", "setting [] [99]"])
        #expect(model.items == [99])
        token.invalidate()
    }

    @Test func anObservableClassMutatesInPlaceAndReportsToObservation() {
        let model = ObservableMutatingModel()
        model.items.reserveCapacity(16)
        let fired = Recorder<String>()
        withObservationTracking {
            _ = model.items
        } onChange: {
            fired.record("items")
        }
        let start = model.items.withUnsafeBufferPointer { $0.baseAddress }
        model.items.append(1)
        #expect(fired.events == ["items"])
        #expect(model.items.withUnsafeBufferPointer { $0.baseAddress } == start)
        let unique8 = model.probe.isUnique()
        #expect(unique8)
    }
}

/// A reference whose uniqueness a value reports, to tell an in-place mutation from a copy.
final class UniquenessToken {}

struct UniquenessProbe {
    private var token = UniquenessToken()
    private(set) var mutations = 0

    /// Whether this value's reference is unique while it is mutated.
    mutating func isUnique() -> Bool {
        mutations += 1
        return isKnownUniquelyReferenced(&token)
    }
}

private final class MutatingModel: KeyValueObservable {
    @Observed var probe = UniquenessProbe()
    @Observed var items: [Int] = []
}

private final class ObservableMutatingModel: KeyValueObservable, Observable {
    @Observed var probe = UniquenessProbe()
    @Observed var items: [Int] = []
}
