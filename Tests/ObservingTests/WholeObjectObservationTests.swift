import Observing
import Testing

/// A document with properties of three types, one declared by a subclass, and a value
/// notified by hand.
class DocumentBase: KeyValueObservable, WholeObjectObservable {
    @Observed var title = ""
    @Observed var pageCount = 0
    var manualNote = ""

    static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool {
        keyPath != \DocumentBase.manualNote
    }
}

final class Document: DocumentBase {
    @Observed var tags: Set<String> = []
    @Observed var lines: [String] = []
}

class UnoptedBase: KeyValueObservable {
    @Observed var name = ""
}

final class LateOptedModel: UnoptedBase, WholeObjectObservable {
    @Observed var count = 0
}

/// A document whose title's storage is replaced (`resetTitle()`).
final class ReplaceableDocument: KeyValueObservable, WholeObjectObservable {
    @Observed var title = ""
    @Observed var body = ""

    func resetTitle() { _title = Observed(wrappedValue: "fresh") }
}

/// `observeChanges` is one registration for every observable property of an object, as
/// Combine's `objectWillChange` is, found by the library: dirty tracking and autosave.
@MainActor
@Suite struct WholeObjectObservationTests {
    @Test func everyPropertyOfEveryTypeIsReported() {
        let document = Document()
        var seen: [AnyKeyPath] = []
        var newValues: [String] = []
        let token = document.observeChanges { _, keyPath, change in
            seen.append(keyPath)
            newValues.append(change.newValue.map { "\($0)" } ?? "nil")
        }
        document.title = "Draft"
        document.pageCount = 3
        document.tags = ["a"]
        document.lines.append("x")
        #expect(seen == [\DocumentBase.title, \DocumentBase.pageCount, \Document.tags, \Document.lines])
        #expect(newValues == ["Draft", "3", "[\"a\"]", "[\"x\"]"])
        withExtendedLifetime(token) {}
    }

    /// A whole-object observation reports a property whose storage was replaced, from the new
    /// storage's first set.
    ///
    /// "The property goes on working with its new storage" (ThreadsQueuesAndActors.md). It
    /// stopped reporting it: the new storage's registry could take the freed registry's
    /// address, which the observation took for one it had already joined.
    @Test func aPropertyWhoseStorageWasReplacedIsStillReported() {
        let document = ReplaceableDocument()
        var seen: [String] = []
        let token = document.observeChanges { _, keyPath, change in
            let name = keyPath == \ReplaceableDocument.title ? "title" : "body"
            seen.append("\(name) \(change.newValue.map { "\($0)" } ?? "nil")")
        }
        // More rounds than the observation keeps ended registries for before it drops them.
        for round in 1...40 {
            document.title = "one \(round)"
            document.resetTitle()
            document.title = "two \(round)"
        }
        document.body = "text"
        #expect(seen == (1...40).flatMap { ["title one \($0)", "title two \($0)"] } + ["body text"])
        #expect(document.observerCount(for: \.title) == 1)
        #expect(token.isValid)
    }

    @Test func aPropertyNeverObservedIsReportedFromItsFirstSet() {
        let document = Document()
        var seen: [AnyKeyPath] = []
        let token = document.observeChanges { _, keyPath, _ in seen.append(keyPath) }
        // Nothing has read `pageCount` with tracking: it has no registry until this set.
        document.pageCount = 4
        document.pageCount += 1
        #expect(seen == [\DocumentBase.pageCount, \DocumentBase.pageCount])
        #expect(document.observerCount(for: \.pageCount) == 1)
        withExtendedLifetime(token) {}
    }

    /// Many objects, some observed whole and some no longer: each first set reaches exactly
    /// the observations of its own object, whichever others began and ended before it.
    @Test func firstSetsFindTheirObjectsObservationAmongMany() {
        let documents = (0..<200).map { _ in Document() }
        var seen: [Int] = []
        var tokens: [Int: ObservationToken] = [:]
        for index in documents.indices where index % 3 != 2 {
            tokens[index] = documents[index].observeChanges { _, _, _ in seen.append(index) }
        }
        for index in documents.indices where index % 3 == 1 { tokens[index]?.invalidate() }
        for (index, document) in documents.enumerated() { document.pageCount = index }
        #expect(seen == documents.indices.filter { $0 % 3 == 0 })
        withExtendedLifetime(tokens) {}
    }

    @Test func aPropertyObservedBeforeAndOneObservedLaterAreBothReported() {
        let document = Document()
        var observedTitles = 0
        let titleToken = document.observe(\.title) { _, _ in observedTitles += 1 }
        var seen: [AnyKeyPath] = []
        let token = document.observeChanges { _, keyPath, _ in seen.append(keyPath) }
        // `pageCount` gets its registry after the whole-object registration, from another
        // observation; `tags` at its first set.
        let pageToken = document.observe(\.pageCount) { _, _ in }
        document.title = "a"
        document.pageCount = 1
        document.tags.insert("t")
        #expect(seen == [\DocumentBase.title, \DocumentBase.pageCount, \Document.tags])
        #expect(observedTitles == 1)
        withExtendedLifetime((titleToken, pageToken, token)) {}
    }

    @Test func aSetFromInsideTheHandlerIsReportedAfterTheChangeInFlight() {
        let document = Document()
        var seen: [(AnyKeyPath, String)] = []
        let token = document.observeChanges { document, keyPath, change in
            seen.append((keyPath, change.newValue.map { "\($0)" } ?? "nil"))
            if keyPath == \DocumentBase.title, document.pageCount == 0 { document.pageCount = 1 }
            if keyPath == \DocumentBase.title, document.title == "a" { document.title = "b" }
        }
        document.title = "a"
        #expect(seen.map(\.0) == [\DocumentBase.title, \DocumentBase.pageCount, \DocumentBase.title])
        #expect(seen.map(\.1) == ["a", "1", "b"])
        #expect(document.title == "b")
        withExtendedLifetime(token) {}
    }

    @Test func aKeyPathNotifiedByHandIsReported() {
        let document = Document()
        var seen: [AnyKeyPath] = []
        let token = document.observeChanges { _, keyPath, _ in seen.append(keyPath) }
        document.willChangeValue(for: \.manualNote)
        document.manualNote = "n"
        document.didChangeValue(for: \.manualNote)
        // A key path notified by hand is reported as given to `didChangeValue(for:)`.
        #expect(seen == [\Document.manualNote])
        withExtendedLifetime(token) {}
    }

    @Test func invalidatingStopsEveryProperty() {
        let document = Document()
        var calls = 0
        let token = document.observeChanges { _, _, _ in calls += 1 }
        document.title = "a"
        token.invalidate()
        #expect(!token.isValid)
        document.title = "b"
        document.pageCount = 2
        #expect(calls == 1)
        #expect(document.observerCount(for: \.title) == 0)
    }

    @Test func otherObjectsAreNotReported() {
        let document = Document()
        let other = Document()
        var calls = 0
        let token = document.observeChanges { _, _, _ in calls += 1 }
        other.title = "x"
        other.pageCount = 1
        #expect(calls == 0)
        withExtendedLifetime(token) {}
    }

    @Test func theObjectIsNotRetainedAndItsDeathEndsTheToken() {
        var document: Document? = Document()
        let token = document?.observeChanges { _, _, _ in }
        document?.title = "a"
        weak let weakDocument = document
        document = nil
        #expect(weakDocument == nil)
        #expect(token?.isValid == false)
    }

    /// Observes `document` whole with a handler that captures a probe `leaks` tracks.
    private func observeCapturingAProbe(_ document: Document, _ leaks: inout LeakCheck) -> ObservationToken {
        let probe = LifetimeProbe()
        leaks.track(probe, as: "the handler's capture")
        return document.observeChanges { _, _, _ in withExtendedLifetime(probe) {} }
    }

    @Test func theObjectsDeathAfterASetReleasesTheHandler() {
        var leaks = LeakCheck()
        var document: Document? = Document()
        let token = document.map { observeCapturingAProbe($0, &leaks) }
        document?.tags.insert("draft")
        document = nil
        #expect(leaks.survivors.isEmpty)
        #expect(token?.isValid == false)
    }

    /// An object none of whose properties ever had a registry gives no sign of its end: the
    /// handler is released with the token, as documented.
    @Test func anObjectNeverSetReleasesTheHandlerWithTheToken() {
        var leaks = LeakCheck()
        var document: Document? = Document()
        var token = document.map { observeCapturingAProbe($0, &leaks) }
        document = nil
        #expect(token?.isValid == false)
        #expect(leaks.survivors == ["the handler's capture"])
        token = nil
        #expect(leaks.survivors.isEmpty)
    }

    /// The conformance counts where `KeyValueObservable` is declared, as `Observable` does: a
    /// subclass that adds it reports only the properties that have registries.
    @Test func aSubclassThatAddsTheConformanceReportsOnlyPropertiesWithRegistries() {
        let model = LateOptedModel()
        var seen: [AnyKeyPath] = []
        let token = model.observeChanges { _, keyPath, _ in seen.append(keyPath) }
        model.count = 1
        #expect(seen.isEmpty)
        let observed = model.observe(\.count) { _, _ in }
        model.count = 2
        #expect(seen == [\LateOptedModel.count])
        withExtendedLifetime((token, observed)) {}
    }

    @Test func countingUnsavedChanges() {
        let document = Document()
        var unsaved = 0
        let autosave = document.observeChanges { _, _, _ in unsaved += 1 }
        document.title = "Draft"
        document.lines.append("one")
        document.lines.append("two")
        #expect(unsaved == 3)
        withExtendedLifetime(autosave) {}
    }

    @Test func theSequenceNamesEachChangeAndEndsWithTheObject() async {
        var document: Document? = Document()
        let changes = document?.changes()
        document?.title = "a"
        document?.mutableArrayValue(for: \.lines).append("x")
        document = nil
        var received: [KeyValueObjectChange] = []
        if let changes {
            for await change in changes { received.append(change) }
        }
        #expect(
            received == [
                KeyValueObjectChange(keyPath: \DocumentBase.title),
                KeyValueObjectChange(keyPath: \Document.lines, kind: .insertion, indexes: [0]),
            ])
    }
}
