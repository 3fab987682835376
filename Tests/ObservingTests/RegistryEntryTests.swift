import Testing

@testable import Observing

/// The packed registration entry: its option bits and the two kinds of body it calls.
@Suite struct RegistryEntryTests {
    private final class Subject {}

    @Test func everyCombinationOfOptionsSurvivesThePacking() {
        for bits in 0..<32 {
            let options = KeyValueObservingOptions(rawValue: UInt(bits))
            let entry = CallbackEntry<Int>(options: options, isOwnedByToken: true) { _, _ in true }
            #expect(entry.options == options)
            #expect(entry.wantsNew == options.contains(.new))
            #expect(entry.wantsOld == options.contains(.old))
        }
    }

    @Test func bitsNoOptionDefinesAreDropped() {
        let options = KeyValueObservingOptions(rawValue: 1 << 9 | 1 << 40).union(.prior)
        let entry = CallbackEntry<Int>(options: options, isOwnedByToken: true) { _, _ in true }
        #expect(entry.options == .prior)
    }

    @Test func aHandlerEntryCallsTheHandlerWithTheChangeFilteredForItsOptions() {
        let received = Received()
        let handler = ObservedObjectHandler<Subject, Int> { object, change in
            received.append((ObjectIdentifier(object), change))
        }
        let entry = HandlerEntry(options: [.old], handler: handler.erased)
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
        let entry = CallbackEntry<Int>(options: [.old], isOwnedByToken: false) { object, change in
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

    @Test func aHandlerEntryTakenOverAsACallbackFiltersTheSameWay() {
        let received = Received()
        let handler = ObservedObjectHandler<Subject, Int> { object, change in
            received.append((ObjectIdentifier(object), change))
        }
        let entry = HandlerEntry(options: [.new], handler: handler.erased)

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
