import Observation
import Observing
import Testing

/// A to-many change of `mutableArrayValue(for:)` is reported as itself (its kind, indexes and
/// elements) whichever way its set goes: at once, queued behind a notification, deferred past
/// a store, or through a key path formed on a subclass.
@MainActor
@Suite struct DescribedChangeTests {
    /// A proxy mutation made by a handler while the property's notification is delivered is
    /// stored at once and notified after it, as an insertion.
    @Test func aProxyMutationFromAHandlerIsQueuedAsItself() {
        let inbox = Inbox()
        var changes: [String] = []
        let token = inbox.observe(\.messages, options: [.new]) { inbox, change in
            changes.append(describe(change))
            if change.newValue == ["a"] { inbox.mutableArrayValue(for: \.messages).append("b") }
        }
        inbox.messages = ["a"]
        #expect(changes == [#"setting nil ["a"]"#, #"insertion [1] ["b"]"#])
        #expect(inbox.messages == ["a", "b"])
        token.invalidate()
    }

    /// A proxy mutation made from Observation's `onChange`, which runs in an in-place
    /// mutation's `willSet` report, is deferred past that mutation and then stored with its own
    /// description, after the mutation's.
    @Test func aProxyMutationFromOnChangeIsDeferredWithItsOwnDescription() {
        let model = ObservableShelf()
        var changes: [String] = []
        let token = model.observe(\.items, options: [.new]) { _, change in
            changes.append(describe(change))
        }
        // onChange is `@Sendable`; it runs synchronously here, inside the append below.
        nonisolated(unsafe) let target = model
        withObservationTracking {
            _ = model.items
        } onChange: {
            target.mutableArrayValue(for: \.items).append("late")
        }
        model.mutableArrayValue(for: \.items).append("first")
        #expect(changes == [#"insertion [0] ["first"]"#, #"insertion [0] ["late"]"#])
        #expect(model.items == ["late"])
        token.invalidate()
    }

    /// Through a key path formed on a subclass that overrides the property with an observer,
    /// the override's setter runs once per mutation, and the change is still an insertion.
    @Test func aSubclassKeyPathRunsTheOverridingSetterOnce() {
        let shelf = CountingShelf()
        var changes: [String] = []
        // Through the declaring class's key path: one formed on the subclass is a derived
        // observation, which reports its own `.setting` changes.
        let token = (shelf as Shelf).observe(\.items, options: [.new]) { _, change in
            changes.append(describe(change))
        }
        shelf.mutableArrayValue(for: \CountingShelf.items).append("x")
        #expect(shelf.sets == 1)
        #expect(shelf.items == ["x"])
        #expect(changes == [#"insertion [0] ["x"]"#])
        token.invalidate()
    }

    /// Through a subclass's computed property over the inherited storage, the mutation goes
    /// through that property's setter: the element it names is the one removed.
    @Test func aSubclassComputedKeyPathMutatesThroughItsSetter() {
        let shelf = SortedShelf()
        shelf.items = ["c", "a"]
        var changes: [String] = []
        let token = (shelf as Shelf).observe(\.items, options: [.old, .new]) { _, change in
            changes.append(describe(change, old: true))
        }
        shelf.mutableArrayValue(for: \SortedShelf.sorted).remove(at: 0)
        #expect(shelf.items == ["c"])
        #expect(changes == [#"removal [0] old ["a"]"#])
        token.invalidate()
    }

    /// A set that a prior callback makes while a pair opens is stored once the pair's prior
    /// calls are sent, also when the pair names the property through a read-only key path (it
    /// was dropped: the property kept its old value).
    @Test func aPairOnAReadOnlyKeyPathStoresTheSetItsPriorCallbackMade() {
        let shelf = SortedShelf()
        var changes: [String] = []
        let token = (shelf as Shelf).observe(\.items, options: [.prior, .new]) { shelf, change in
            changes.append(change.isPrior ? "prior" : "\(change.newValue ?? [])")
            if change.isPrior, changes.count == 1 { shelf.items = ["d"] }
        }
        let readOnly: KeyPath<SortedShelf, [String]> = \.readOnlyItems
        shelf.willChangeValue(for: readOnly)
        shelf.didChangeValue(for: readOnly)
        #expect(shelf.items == ["d"])
        #expect(changes == ["prior", "prior", #"["d"]"#, #"["d"]"#])
        token.invalidate()
    }

    /// A proxy mutation that a pair wraps applies its indexes to the array they came from.
    ///
    /// Through a key path formed on a subclass, a set a prior callback makes waits for the
    /// pair, and so does the proxy's own set (then the last set made, `["a"]`, remains),
    /// instead of being stored inside `willChangeValue`, as in a pair the caller writes.
    /// Stored there, the removal at index 1 of the two-element array ran on `["z"]` and
    /// trapped (found by a cold review).
    @Test func aProxyMutationWrappedInAPairKeepsItsIndexesWhenAPriorCallbackSets() {
        let shelf = SortedShelf()
        shelf.items = ["c", "a"]
        var changes: [String] = []
        var once = true
        let token = (shelf as Shelf).observe(\.items, options: [.prior, .new]) { shelf, change in
            changes.append(change.isPrior ? "prior" : "\(change.newValue ?? [])")
            if change.isPrior, once {
                once = false
                shelf.items = ["z"]
            }
        }
        shelf.mutableArrayValue(for: \SortedShelf.sorted).remove(at: 1)
        #expect(shelf.items == ["a"])
        #expect(changes == ["prior", "[]", "prior", #"["z"]"#, "prior", #"["a"]"#])
        token.invalidate()
    }

    /// A property of a generic class is reached through its storage like any other: the
    /// mutation runs in place and is an insertion.
    @Test func aGenericClassPropertyMutatesInPlaceAsAnInsertion() {
        let shelf = GenericShelf<Int>()
        shelf.items.reserveCapacity(8)
        var changes: [String] = []
        let token = shelf.observe(\.items, options: [.new]) { _, change in
            changes.append("\(change.kind) \(change.indexes?.sorted() ?? []) \(change.newValue ?? [])")
        }
        let start = shelf.items.withUnsafeBufferPointer { $0.baseAddress }
        shelf.mutableArrayValue(for: \.items).append(1)
        #expect(changes == ["insertion [0] [1]"])
        #expect(shelf.items.withUnsafeBufferPointer { $0.baseAddress } == start)
        token.invalidate()
    }
}

/// A change as `kind indexes new` (or `kind indexes old old` when `old` is set).
private func describe(_ change: KeyValueObservedChange<[String]>, old: Bool = false) -> String {
    let indexes = change.indexes.map { $0.sorted().description } ?? "nil"
    let value = old ? "old \(change.oldValue ?? [])" : "\(change.newValue ?? [])"
    return "\(change.kind) \(indexes) \(value)"
}

private class Shelf: KeyValueObservable {
    @Observed var items: [String] = []
}

/// Overrides the inherited property with an observer that counts its sets.
private final class CountingShelf: Shelf {
    var sets = 0

    override var items: [String] {
        didSet { sets += 1 }
    }
}

/// A computed property over the inherited storage, and a read-only one.
private final class SortedShelf: Shelf {
    var sorted: [String] {
        get { items.sorted() }
        set { items = newValue }
    }

    var readOnlyItems: [String] { items }
}

/// Reports its `@Observed` properties to Swift's Observation module too.
private final class ObservableShelf: KeyValueObservable, Observable {
    @Observed var items: [String] = []
}

private final class GenericShelf<Element>: KeyValueObservable {
    @Observed var items: [Element] = []
}
