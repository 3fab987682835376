import Observing
import Testing

final class Note: KeyValueObservable {
    @Observed var tags: Set<String> = ["a", "b"]
    /// A set that is not `@Observed`: the proxy notifies it by hand.
    var flags: Set<Int> = [1]

    static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool {
        keyPath != \Note.flags
    }
}

class TaggedBase: KeyValueObservable {
    @Observed var tags: Set<String> = []
    @Observed var items: [String] = []
    @Observed var count = 0
}

final class TaggedSub: TaggedBase {}

/// Set mutations follow KVO's `NSKeyValueSetMutationKind`: a union is an insertion of the
/// elements actually inserted; a minus or an intersection is a removal of the elements
/// actually removed; a mutation that changes nothing still notifies, with an empty set.
@MainActor
@Suite struct SetMutationTests {
    private func record(_ note: Note, options: KeyValueObservingOptions = [.old, .new])
        -> (ObservationToken, () -> [KeyValueObservedChange<Set<String>>])
    {
        var changes: [KeyValueObservedChange<Set<String>>] = []
        let token = note.observe(\.tags, options: options) { _, change in changes.append(change) }
        return (token, { changes })
    }

    @Test func eachMutationHasItsKindAndElements() {
        let note = Note()
        let (token, changes) = record(note)
        let tags = note.mutableSetValue(for: \.tags)

        #expect(tags.insert("c") == true)
        tags.formUnion(["c", "d", "e"])
        #expect(tags.remove("a") == "a")
        tags.subtract(["d", "z"])
        tags.formIntersection(["b", "c"])
        tags.removeAll()

        #expect(
            changes() == [
                KeyValueObservedChange(kind: .insertion, newValue: ["c"]),
                KeyValueObservedChange(kind: .insertion, newValue: ["d", "e"]),
                KeyValueObservedChange(kind: .removal, oldValue: ["a"]),
                KeyValueObservedChange(kind: .removal, oldValue: ["d"]),
                KeyValueObservedChange(kind: .removal, oldValue: ["e"]),
                KeyValueObservedChange(kind: .removal, oldValue: ["b", "c"]),
            ])
        #expect(note.tags.isEmpty)
        #expect(changes().allSatisfy { $0.indexes == nil })
        withExtendedLifetime(token) {}
    }

    @Test func aMutationThatChangesNothingStillNotifies() {
        let note = Note()
        let (token, changes) = record(note)
        let tags = note.mutableSetValue(for: \.tags)
        #expect(tags.insert("a") == false)
        #expect(tags.remove("z") == nil)
        tags.formUnion([])
        #expect(
            changes() == [
                KeyValueObservedChange(kind: .insertion, newValue: []),
                KeyValueObservedChange(kind: .removal, oldValue: []),
                KeyValueObservedChange(kind: .insertion, newValue: []),
            ])
        #expect(note.tags == ["a", "b"])
        withExtendedLifetime(token) {}
    }

    @Test func assigningThePropertyIsASetting() {
        let note = Note()
        let (token, changes) = record(note)
        note.tags = ["x"]
        #expect(changes() == [KeyValueObservedChange(kind: .setting, newValue: ["x"], oldValue: ["a", "b"])])
        withExtendedLifetime(token) {}
    }

    @Test func priorObserversGetTheKindAndTheRemovedElementsFirst() {
        let note = Note()
        let (token, changes) = record(note, options: [.old, .new, .prior])
        note.mutableSetValue(for: \.tags).remove("b")
        #expect(
            changes() == [
                KeyValueObservedChange(kind: .removal, oldValue: ["b"], isPrior: true),
                KeyValueObservedChange(kind: .removal, oldValue: ["b"]),
            ])
        withExtendedLifetime(token) {}
    }

    @Test func aSetThatIsNotObservedIsNotifiedByHand() {
        let note = Note()
        var changes: [KeyValueObservedChange<Set<Int>>] = []
        let token = note.observe(\.flags, options: [.old, .new]) { _, change in changes.append(change) }
        let flags = note.mutableSetValue(for: \.flags)
        flags.formUnion([1, 2])
        flags.subtract([1])
        #expect(
            changes == [
                KeyValueObservedChange(kind: .insertion, newValue: [2]),
                KeyValueObservedChange(kind: .removal, oldValue: [1]),
            ])
        #expect(note.flags == [2])
        withExtendedLifetime(token) {}
    }

    @Test func anUnobservedSetIsMutatedWithoutNotifying() {
        let note = Note()
        note.mutableSetValue(for: \.tags).insert("q")
        #expect(note.tags == ["a", "b", "q"])
    }

    @Test func aKeyPathFormedOnASubclassMutatesAndNotifiesTheSameProperty() {
        let model = TaggedSub()
        var changes: [KeyValueObservedChange<Set<String>>] = []
        var arrayChanges: [KeyValueObservedChange<[String]>] = []
        let tokens = [
            (model as TaggedBase).observe(\.tags, options: [.new]) { _, change in changes.append(change) },
            (model as TaggedBase).observe(\.items, options: [.new]) { _, change in arrayChanges.append(change)
            },
        ]
        model.mutableSetValue(for: \TaggedSub.tags).insert("x")
        model.mutableArrayValue(for: \TaggedSub.items).append("y")
        #expect(changes == [KeyValueObservedChange(kind: .insertion, newValue: ["x"])])
        #expect(arrayChanges == [KeyValueObservedChange(kind: .insertion, newValue: ["y"], indexes: [0])])
        withExtendedLifetime(tokens) {}
    }
}
