import Observing
import Testing

/// A model whose `theme` is a computed property over a cache that is not `@Observed`, and
/// whose `note` is a plain stored property: both notified by hand, as with KVO's
/// `willChangeValue(forKey:)`/`didChangeValue(forKey:)`.
final class ThemeSettings: KeyValueObservable {
    private final class Cache { var theme = "light" }
    private let cache = Cache()
    var note = ""
    @Observed var fontSize = 12
    @Observed var items: [String] = []

    var theme: String {
        get { cache.theme }
        set {
            willChangeValue(for: \.theme)
            cache.theme = newValue
            didChangeValue(for: \.theme)
        }
    }

    static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool {
        keyPath != \ThemeSettings.theme && keyPath != \ThemeSettings.note
    }
}

/// One call of a handler, in a form that compares.
struct ManualCall: Equatable {
    var kind: KeyValueChangeKind = .setting
    var old: String?
    var new: String?
    var indexes: Set<Int>?
    var isPrior = false
}

extension ManualCall {
    init<Value>(_ change: KeyValueObservedChange<Value>) {
        func describe(_ value: Value?) -> String? { value.map { "\($0)" } }
        self.init(
            kind: change.kind, old: describe(change.oldValue), new: describe(change.newValue),
            indexes: change.indexes, isPrior: change.isPrior)
    }
}

@MainActor
@Suite struct ManualNotificationTests {
    @Test func aComputedPropertyOverACacheNotifiesThroughAPair() {
        let settings = ThemeSettings()
        var calls: [ManualCall] = []
        let token = settings.observe(\.theme, options: [.old, .new, .prior]) { _, change in
            calls.append(ManualCall(change))
        }
        #expect(settings.observerCount(for: \.theme) == 1)

        settings.theme = "dark"

        #expect(
            calls == [
                ManualCall(old: "light", isPrior: true),
                ManualCall(old: "light", new: "dark"),
            ])
        token.invalidate()
        settings.theme = "sepia"
        #expect(calls.count == 2)
        #expect(settings.observerCount(for: \.theme) == 0)
    }

    @Test func aPlainStoredPropertyIsObservableAndRemovable() {
        let settings = ThemeSettings()
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        settings.addObserver(observer, forKeyPath: \.note, options: [.new, .old])
        #expect(settings.observerCount(for: \.note) == 1)

        settings.willChangeValue(for: \.note)
        settings.note = "hello"
        settings.didChangeValue(for: \.note)

        #expect(recorder.events == [ObservedCall(observer: "O", newValue: "hello", oldValue: "")])
        #expect(settings.removeObserver(observer, forKeyPath: \.note) == true)
        #expect(settings.removeObserver(observer, forKeyPath: \.note) == false)
        #expect(settings.observerCount(for: \.note) == 0)
    }

    @Test func aPairOnAnObservedPropertyNotifiesAsASet() {
        let settings = ThemeSettings()
        var calls: [ManualCall] = []
        let token = settings.observe(\.fontSize, options: [.old, .new]) { _, change in
            calls.append(ManualCall(change))
        }
        settings.willChangeValue(for: \.fontSize)
        settings.didChangeValue(for: \.fontSize)
        #expect(calls == [ManualCall(old: "12", new: "12")])
        withExtendedLifetime(token) {}
    }

    @Test func aSetInsideAPairForTheSameKeyPathJoinsThePair() {
        let settings = ThemeSettings()
        var calls: [ManualCall] = []
        let token = settings.observe(\.fontSize, options: [.old, .new, .prior]) { _, change in
            calls.append(ManualCall(change))
        }
        settings.willChangeValue(for: \.fontSize)
        settings.fontSize = 14
        settings.fontSize = 16
        #expect(calls == [ManualCall(old: "12", isPrior: true)])
        settings.didChangeValue(for: \.fontSize)

        #expect(calls == [ManualCall(old: "12", isPrior: true), ManualCall(old: "12", new: "16")])
        // The pair is over: sets notify again.
        settings.fontSize = 18
        #expect(calls.last == ManualCall(old: "16", new: "18"))
        withExtendedLifetime(token) {}
    }

    @Test func nestedPairsOfOneKeyPathNotifyOnceAtTheOutermostLevel() {
        let settings = ThemeSettings()
        var calls: [ManualCall] = []
        let token = settings.observe(\.note, options: [.old, .new, .prior]) { _, change in
            calls.append(ManualCall(change))
        }
        settings.willChangeValue(for: \.note)
        settings.willChangeValue(for: \.note)
        settings.note = "a"
        settings.didChangeValue(for: \.note)
        #expect(calls == [ManualCall(old: "", isPrior: true)])
        settings.note = "b"
        settings.didChangeValue(for: \.note)

        #expect(calls == [ManualCall(old: "", isPrior: true), ManualCall(old: "", new: "b")])
        withExtendedLifetime(token) {}
    }

    @Test func nestedPairsOfDifferentKeyPathsNotifyInnerFirst() {
        let settings = ThemeSettings()
        var order: [String] = []
        let tokens = [
            settings.observe(\.note) { _, _ in order.append("note") },
            settings.observe(\.fontSize) { _, _ in order.append("fontSize") },
        ]
        settings.willChangeValue(for: \.note)
        settings.willChangeValue(for: \.fontSize)
        settings.didChangeValue(for: \.fontSize)
        settings.didChangeValue(for: \.note)
        #expect(order == ["fontSize", "note"])
        withExtendedLifetime(tokens) {}
    }

    @Test func aDidChangeWithoutItsWillChangeDoesNothing() {
        let settings = ThemeSettings()
        var calls = 0
        let token = settings.observe(\.note) { _, _ in calls += 1 }
        settings.didChangeValue(for: \.note)
        settings.didChangeValue(for: \.fontSize)
        #expect(calls == 0)
        // An unmatched `didChangeValue` leaves no state behind: the next pair notifies once.
        settings.willChangeValue(for: \.note)
        settings.didChangeValue(for: \.note)
        settings.didChangeValue(for: \.note)
        #expect(calls == 1)
        withExtendedLifetime(token) {}
    }

    @Test func theIndexedFormReportsKindIndexesAndElements() {
        let settings = ThemeSettings()
        settings.items = ["a", "b", "c"]
        var calls: [KeyValueObservedChange<[String]>] = []
        let token = settings.observe(\.items, options: [.old, .new, .prior]) { _, change in
            calls.append(change)
        }
        settings.willChange(.removal, valuesAt: [0, 2], for: \.items)
        settings.items = ["b"]
        settings.didChange(.removal, valuesAt: [0, 2], for: \.items)

        settings.willChange(.insertion, valuesAt: [1], for: \.items)
        settings.items = ["b", "x"]
        settings.didChange(.insertion, valuesAt: [1], for: \.items)

        settings.willChange(.replacement, valuesAt: [0], for: \.items)
        settings.items = ["y", "x"]
        settings.didChange(.replacement, valuesAt: [0], for: \.items)

        #expect(
            calls == [
                KeyValueObservedChange(
                    kind: .removal, oldValue: ["a", "c"], indexes: [0, 2], isPrior: true),
                KeyValueObservedChange(kind: .removal, oldValue: ["a", "c"], indexes: [0, 2]),
                KeyValueObservedChange(kind: .insertion, indexes: [1], isPrior: true),
                KeyValueObservedChange(kind: .insertion, newValue: ["x"], indexes: [1]),
                KeyValueObservedChange(kind: .replacement, oldValue: ["b"], indexes: [0], isPrior: true),
                KeyValueObservedChange(kind: .replacement, newValue: ["y"], oldValue: ["b"], indexes: [0]),
            ])
        withExtendedLifetime(token) {}
    }

    @Test func indexesPastTheEndReadNothingAndDoNotTrap() {
        let settings = ThemeSettings()
        var calls: [KeyValueObservedChange<[String]>] = []
        let token = settings.observe(\.items, options: [.old, .new]) { _, change in calls.append(change) }
        settings.willChange(.removal, valuesAt: [5], for: \.items)
        settings.didChange(.removal, valuesAt: [5], for: \.items)
        #expect(calls == [KeyValueObservedChange(kind: .removal, oldValue: [], indexes: [5])])
        withExtendedLifetime(token) {}
    }

    @Test func aBindingFollowsAManualKeyPath() {
        let settings = ThemeSettings()
        let label = Label()
        let binding = settings.bind(\.theme, to: label, \.text)
        #expect(label.text == "light")
        settings.theme = "dark"
        #expect(label.text == "dark")
        #expect(settings.observerCount(for: \.theme) == 1)
        withExtendedLifetime(binding) {}
    }

    @Test func aSequenceFollowsAManualKeyPath() async {
        let settings = ThemeSettings()
        var iterator = settings.values(for: \.note).makeAsyncIterator()
        #expect(await iterator.next() == "")
        settings.willChangeValue(for: \.note)
        settings.note = "x"
        settings.didChangeValue(for: \.note)
        #expect(await iterator.next() == "x")
    }

    @Test func aRegistrationOnAManualKeyPathEndsWithItsObject() {
        var settings: ThemeSettings? = ThemeSettings()
        let token = settings?.observe(\.theme) { _, _ in }
        #expect(token?.isValid == true)
        settings = nil
        #expect(token?.isValid == false)
        token?.invalidate()
    }

    /// The set is stored, as a set of its own, once the pair's prior calls are sent, before
    /// `willChangeValue` returns; the pair then reports the value read at `willChangeValue` and
    /// the value read at `didChangeValue`, as KVO, which stores the set inside the prior call.
    @Test func aPriorCallbackThatSetsThePropertyIsStoredBeforeThePairCloses() {
        let settings = ThemeSettings()
        var calls: [ManualCall] = []
        var didSet = false
        let token = settings.observe(\.fontSize, options: [.old, .new, .prior]) { settings, change in
            calls.append(ManualCall(change))
            if change.isPrior, !didSet {
                didSet = true
                settings.fontSize = 20
            }
        }
        settings.willChangeValue(for: \.fontSize)
        #expect(settings.fontSize == 20)
        settings.didChangeValue(for: \.fontSize)
        #expect(settings.fontSize == 20)
        #expect(
            calls == [
                ManualCall(old: "12", isPrior: true),
                ManualCall(old: "12", isPrior: true),
                ManualCall(old: "12", new: "20"),
                ManualCall(old: "12", new: "20"),
            ])
        withExtendedLifetime(token) {}
    }

    /// A to-many change made from a pair's prior callback is reported as itself, with its kind
    /// and indexes, once the pair's prior calls are sent; the pair then reports the whole value.
    @Test func aToManyChangeFromAPriorCallbackIsReportedAsItselfInsideThePair() {
        let settings = ThemeSettings()
        var calls: [ManualCall] = []
        let token = settings.observe(\.items, options: [.new, .prior]) { settings, change in
            calls.append(ManualCall(change))
            if change.isPrior, calls.count == 1 { settings.mutableArrayValue(for: \.items).append("a") }
        }
        settings.willChangeValue(for: \.items)
        settings.didChangeValue(for: \.items)
        #expect(settings.items == ["a"])
        #expect(
            calls == [
                ManualCall(isPrior: true),
                ManualCall(kind: .insertion, indexes: [0], isPrior: true),
                ManualCall(kind: .insertion, new: "[\"a\"]", indexes: [0]),
                ManualCall(new: "[\"a\"]"),
            ])
        withExtendedLifetime(token) {}
    }

    @Test func anObserverAddedInsideAPairReceivesNothingFromIt() {
        let settings = ThemeSettings()
        var calls: [String] = []
        let early = settings.observe(\.note) { _, _ in calls.append("early") }
        let removed = settings.observe(\.note) { _, _ in calls.append("removed") }
        settings.willChangeValue(for: \.note)
        let late = settings.observe(\.note) { _, _ in calls.append("late") }
        removed.invalidate()
        settings.didChangeValue(for: \.note)
        #expect(calls == ["early"])
        settings.willChangeValue(for: \.note)
        settings.didChangeValue(for: \.note)
        #expect(calls == ["early", "early", "late"])
        withExtendedLifetime((early, late)) {}
    }

    /// "(unless the pair began inside a notification of that property, where it is delivered
    /// on its own)" (KeyValueObservable+ManualNotification.swift): a pair made from a handler
    /// of the property's own notification notifies at once, nested, and a set inside it
    /// notifies as a set made from a handler does, after the notification in flight.
    @Test func aPairBegunInsideANotificationOfItsPropertyIsDeliveredOnItsOwn() {
        let settings = ThemeSettings()
        var calls: [String] = []
        var didPair = false
        let token = settings.observe(\.fontSize, options: [.old, .new]) { settings, change in
            calls.append("\(change.oldValue ?? -1)->\(change.newValue ?? -1)")
            guard !didPair else { return }
            didPair = true
            settings.willChangeValue(for: \.fontSize)
            settings.fontSize = 30
            settings.didChangeValue(for: \.fontSize)
            calls.append("pair ended")
        }
        settings.fontSize = 20
        #expect(calls == ["12->20", "20->30", "pair ended", "20->30"])
        #expect(settings.fontSize == 30)
        withExtendedLifetime(token) {}
    }

    /// A set made from a prior call of a pair is stored, as a set of its own, once the pair's
    /// prior calls are sent.
    ///
    /// The code between `willChangeValue` and `didChangeValue` then reads it and builds on it,
    /// and its own sets join the pair ("A set of an `@Observed` property made inside a pair
    /// for the same key path joins the pair"). Before, it waited for the pair, and every set
    /// of the pair's body waited behind it: the property read 0 after `+= 5`, one increment
    /// was lost (final 5), and the pair reported 0 -> 0 (found by a cold bug hunt).
    @Test func aSetFromThePairsPriorCallIsStoredBeforeTheBodyRuns() {
        let settings = ThemeSettings()
        settings.fontSize = 0
        var resetDone = false
        var calls: [String] = []
        let resetter = settings.observe(\.fontSize, options: [.prior]) { settings, _ in
            guard !resetDone else { return }
            resetDone = true
            settings.fontSize = 10
        }
        let logger = settings.observe(\.fontSize, options: [.old, .new]) { _, change in
            calls.append("\(change.oldValue ?? -1)->\(change.newValue ?? -1)")
        }
        settings.willChangeValue(for: \.fontSize)
        #expect(settings.fontSize == 10)
        settings.fontSize += 5
        #expect(settings.fontSize == 15)
        settings.fontSize += 5
        settings.didChangeValue(for: \.fontSize)
        #expect(settings.fontSize == 20)
        #expect(calls == ["0->10", "0->20"])
        settings.fontSize = 21
        #expect(calls == ["0->10", "0->20", "20->21"])
        withExtendedLifetime((resetter, logger)) {}
    }

    @Test func aPairOnAnObservedPropertyThroughASubclassKeyPathIsThatProperty() {
        let model = TaggedSub()
        var calls: [String] = []
        let token = (model as TaggedBase).observe(\.count, options: [.old, .new]) { _, change in
            calls.append("\(change.oldValue ?? -1)->\(change.newValue ?? -1)")
        }
        model.willChangeValue(for: \TaggedSub.count)
        model.count = 3
        model.didChangeValue(for: \TaggedSub.count)
        #expect(calls == ["0->3"])
        withExtendedLifetime(token) {}
    }

    /// A `didChangeValue(for:)` made from a prior call of its own `willChangeValue(for:)`
    /// closes the pair there: later sets notify again, as every set does.
    @Test func aDidChangeFromThePairsOwnPriorCallClosesIt() {
        let settings = ThemeSettings()
        var calls: [String] = []
        var isClosed = false
        let token = settings.observe(\.fontSize, options: [.prior, .old, .new]) { settings, change in
            calls.append(
                change.isPrior
                    ? "prior \(change.oldValue ?? -1)" : "\(change.oldValue ?? -1)->\(change.newValue ?? -1)")
            if change.isPrior, !isClosed {
                isClosed = true
                settings.didChangeValue(for: \.fontSize)
            }
        }
        settings.willChangeValue(for: \.fontSize)
        #expect(calls == ["prior 12", "12->12"])
        settings.fontSize = 14
        #expect(calls == ["prior 12", "12->12", "prior 12", "12->14"])
        withExtendedLifetime(token) {}
    }

    /// KVO names a property by its key, so a pair opened through a subclass's key path and one
    /// nested in it through the superclass's are one property's pair: one prior call, one
    /// notification, at the outermost `didChangeValue`.
    @Test func pairsThroughASubclassAndASuperclassKeyPathNestAsOne() {
        let model = TaggedSub()
        var calls: [String] = []
        let token = model.observe(\.count, options: [.old, .new, .prior]) { _, change in
            calls.append(
                change.isPrior
                    ? "prior \(change.oldValue ?? -1)" : "\(change.oldValue ?? -1)->\(change.newValue ?? -1)")
        }
        model.willChangeValue(for: \TaggedSub.count)
        (model as TaggedBase).willChangeValue(for: \TaggedBase.count)
        model.count = 4
        (model as TaggedBase).didChangeValue(for: \TaggedBase.count)
        #expect(calls == ["prior 0"])
        model.didChangeValue(for: \TaggedSub.count)
        #expect(calls == ["prior 0", "0->4"])
        withExtendedLifetime(token) {}
    }
}
