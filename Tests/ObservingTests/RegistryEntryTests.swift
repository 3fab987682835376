import Testing

@testable import Observing

/// The packed registration entry: its option bits and the two forms of function it holds in
/// one field.
@Suite struct RegistryEntryTests {
    private final class Subject {}

    @Test func everyCombinationOfOptionsSurvivesThePacking() {
        for bits in 0..<32 {
            let options = KeyValueObservingOptions(rawValue: UInt(bits))
            let entry = RegistryEntry<Int>(options: options, isOwnedByToken: true) { _, _ in true }
            #expect(entry.options == options)
            #expect(entry.wantsNew == options.contains(.new))
            #expect(entry.wantsOld == options.contains(.old))
            #expect(entry.wantsPrior == options.contains(.prior))
        }
    }

    @Test func bitsNoOptionDefinesAreDropped() {
        let options = KeyValueObservingOptions(rawValue: 1 << 9 | 1 << 40).union(.prior)
        let entry = RegistryEntry<Int>(options: options, isOwnedByToken: true) { _, _ in true }
        #expect(entry.options == .prior)
    }

    @Test func aHandlerEntryCallsTheHandlerWithTheChangeFilteredForItsOptions() {
        let received = Received()
        let handler = ObservedObjectHandler<Subject, Int> { object, change in
            received.append((ObjectIdentifier(object), change))
        }
        let entry = RegistryEntry(options: [.old], handler: handler)
        let subject = Subject()

        let lives = entry.deliver(
            KeyValueObservedChange(kind: .setting, newValue: 2, oldValue: 1), of: subject)

        #expect(lives)
        #expect(received.changes.map(\.0) == [ObjectIdentifier(subject)])
        #expect(received.changes.map(\.1.oldValue) == [1])
        #expect(received.changes.map(\.1.newValue) == [nil])
    }

    @Test func aCallbackEntryPassesTheChangeAsItIsAndReportsWhetherItLives() {
        let received = Received()
        let entry = RegistryEntry<Int>(options: [.old], isOwnedByToken: false) { object, change in
            received.append((ObjectIdentifier(object), change))
            return false
        }
        let subject = Subject()

        let lives = entry.deliver(
            KeyValueObservedChange(kind: .setting, newValue: 2, oldValue: 1), of: subject)

        #expect(!lives)
        #expect(received.changes.map(\.1.oldValue) == [1])
        #expect(received.changes.map(\.1.newValue) == [2])
    }

    @Test func aCallbackStoredInTheHandlerFieldKeepsItsContextAliveAndReleasesItWithTheEntry() {
        final class Captured: Sendable {}
        weak var captured: Captured?
        var entry: RegistryEntry<Int>?
        do {
            let object = Captured()
            captured = object
            entry = RegistryEntry<Int>(options: [], isOwnedByToken: true) { _, _ in
                withExtendedLifetime(object) {}
                return true
            }
        }
        #expect(captured != nil)
        #expect(entry?.deliver(KeyValueObservedChange(newValue: 1), of: Subject()) == true)
        // The same callback, read back from the field, as a derived observation takes it over.
        #expect(entry?.callback(Subject(), KeyValueObservedChange(newValue: 2)) == true)
        entry = nil
        #expect(captured == nil)
    }

    @Test func aHandlerEntryTakenOverAsACallbackFiltersTheSameWay() {
        let received = Received()
        let handler = ObservedObjectHandler<Subject, Int> { object, change in
            received.append((ObjectIdentifier(object), change))
        }
        let entry = RegistryEntry(options: [.new], handler: handler)

        let lives = entry.callback(
            Subject(), KeyValueObservedChange(kind: .setting, newValue: 2, oldValue: 1))

        #expect(lives)
        #expect(received.changes.map(\.1.oldValue) == [nil])
        #expect(received.changes.map(\.1.newValue) == [2])
    }
}

/// The changes a test's entry received, in order.
private final class Received: @unchecked Sendable {
    // Sendable: each test delivers on its own thread, one call at a time.
    private(set) var changes: [(ObjectIdentifier, KeyValueObservedChange<Int>)] = []

    func append(_ change: (ObjectIdentifier, KeyValueObservedChange<Int>)) {
        changes.append(change)
    }
}

/// Observers with different options on one property, interleaved, so that the delivery loop's
/// filtered change is made anew, reused and made again within one notification.
@Suite struct InterleavedOptionsTests {
    private final class Counter: KeyValueObservable {
        @Observed var value = 0
    }

    @Test func eachObserverGetsTheChangeFilteredForItsOwnOptions() {
        let counter = Counter()
        let optionsInOrder: [KeyValueObservingOptions] = [
            [.new], [.new], [.old], [.new, .old], [], [.new], [.old, .prior], [.new, .old],
        ]
        let received = ReceivedChanges()
        var tokens: [ObservationToken] = []
        for (index, options) in optionsInOrder.enumerated() {
            tokens.append(
                counter.observe(\.value, options: options) { _, change in
                    received.append(index, change)
                })
        }

        counter.value = 7

        let expected: [(Int, Int?, Int?, Bool)] = [
            (0, 7, nil, false), (1, 7, nil, false), (2, nil, 0, false), (3, 7, 0, false),
            (4, nil, nil, false), (5, 7, nil, false), (6, nil, 0, true), (6, nil, 0, false),
            (7, 7, 0, false),
        ]
        // The prior call (index 6) comes before every call after the store.
        let sorted = received.changes.sorted { ($0.1.isPrior ? 0 : 1, $0.0) < ($1.1.isPrior ? 0 : 1, $1.0) }
        #expect(sorted.map(\.0) == [6] + expected.filter { !$0.3 }.map(\.0))
        for (index, newValue, oldValue, isPrior) in expected {
            let change = received.changes.first { $0.0 == index && $0.1.isPrior == isPrior }?.1
            #expect(change?.newValue == newValue, "observer \(index), prior \(isPrior)")
            #expect(change?.oldValue == oldValue, "observer \(index), prior \(isPrior)")
        }
        withExtendedLifetime(tokens) {}
    }
}

/// The same for `ObservableProperty`, whose entries hold plain handlers too.
@Suite struct ObservablePropertyInterleavedOptionsTests {
    @Test func eachObserverGetsTheChangeFilteredForItsOwnOptions() {
        let property = ObservableProperty(0)
        let optionsInOrder: [KeyValueObservingOptions] = [
            [.new], [.old], [.old], [.new, .old], [], [.new, .removeDuplicates], [.old, .prior],
        ]
        let received = ReceivedChanges()
        var tokens: [ObservationToken] = []
        for (index, options) in optionsInOrder.enumerated() {
            tokens.append(property.observe(options: options) { change in received.append(index, change) })
        }

        property.value = 7

        let after = received.changes.filter { !$0.1.isPrior }
        #expect(after.map(\.0) == Array(0..<7))
        #expect(after.map(\.1.newValue) == [7, nil, nil, 7, nil, 7, nil])
        #expect(after.map(\.1.oldValue) == [nil, 0, 0, 0, nil, nil, 0])
        let prior = received.changes.filter { $0.1.isPrior }
        #expect(prior.map(\.0) == [6])
        #expect(prior.map(\.1.oldValue) == [0])
        withExtendedLifetime(tokens) {}
    }
}

/// The changes observers received, with the observer's index, in order.
private final class ReceivedChanges: @unchecked Sendable {
    // Sendable: the test sets on its own thread and handlers run synchronously there.
    private(set) var changes: [(Int, KeyValueObservedChange<Int>)] = []

    func append(_ index: Int, _ change: KeyValueObservedChange<Int>) {
        changes.append((index, change))
    }
}
