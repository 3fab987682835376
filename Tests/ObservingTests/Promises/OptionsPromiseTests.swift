import Observing
import Testing

/// Promises of `.removeDuplicates` not checked elsewhere.
@Suite struct OptionsPromiseTests {
    /// `.removeDuplicates` is ignored for a value that is not `Equatable`.
    ///
    /// OptionsAndChangeValues.md: "It applies when the value type is `Equatable` and is ignored
    /// otherwise."
    @Test func removeDuplicatesIsIgnoredForAValueThatIsNotEquatable() {
        let model = PointModel()
        let calls = Recorder<Int>()
        let token = model.observe(\.point, options: [.new, .removeDuplicates]) { _, change in
            calls.record(change.newValue?.x ?? -1)
        }

        model.point = Point(x: 1)
        model.point = Point(x: 1)

        #expect(calls.events == [1, 1])
        token.invalidate()
    }

    /// `.removeDuplicates` never skips a to-many change.
    ///
    /// OptionsAndChangeValues.md: "it never skips a to-many change"; Collections.md:
    /// "`KeyValueObservingOptions/removeDuplicates` never skips an element-level change." A
    /// replacement by an equal element and a set insertion of an element already there are both
    /// reported; an equal assignment is skipped.
    @Test func removeDuplicatesNeverSkipsAToManyChange() {
        let inbox = Inbox()
        inbox.messages = ["a"]
        let arrayCalls = Recorder<String>()
        let arrayToken = inbox.observe(\.messages, options: [.new, .removeDuplicates]) { _, change in
            arrayCalls.record("\(change.kind) \(change.newValue ?? [])")
        }
        inbox.mutableArrayValue(for: \.messages).replace(at: 0, with: "a")
        inbox.messages = ["a"]
        #expect(arrayCalls.events == ["replacement [\"a\"]"])

        let note = TagNote()
        let setCalls = Recorder<String>()
        let setToken = note.observe(\.tags, options: [.new, .removeDuplicates]) { _, change in
            setCalls.record("\(change.kind) \(change.newValue?.sorted() ?? [])")
        }
        note.mutableSetValue(for: \.tags).insert("swift")
        #expect(setCalls.events == ["insertion []"])
        withExtendedLifetime((arrayToken, setToken)) {}
    }
}

private struct Point {
    var x: Int
}

private final class PointModel: KeyValueObservable {
    @Observed var point = Point(x: 0)
}

private final class TagNote: KeyValueObservable {
    @Observed var tags: Set<String> = ["swift"]
}
