import Observing
import Testing

/// Promises of `keyPathsForValuesAffectingValue(for:)` not checked elsewhere.
@Suite struct DependencyPromiseTests {
    /// Declared dependencies of an observed property are ignored.
    ///
    /// KeyValueObservable.swift (`keyPathsForValuesAffectingValue(for:)`): "not consulted for a
    /// key path that names an `@Observed` property itself."
    @Test func declaredDependenciesOfAnObservedPropertyAreIgnored() {
        let model = Declaring()
        let calls = Recorder<Int>()
        let token = model.observe(\.count, options: [.new]) { _, change in
            calls.record(change.newValue ?? -1)
        }

        model.other = 1
        model.count = 2

        #expect(calls.events == [2])
        #expect(model.observerCount(for: \.other) == 0)
        token.invalidate()
    }

    /// A computed key path's old value is its value read before the change, as KVO's: a read
    /// that no notification reported (here of a plain stored property) is part of it.
    ///
    /// OptionsAndChangeValues.md: "For a computed property or a chain, the old value is the
    /// value the key path produced just before the change". GNUstep's KVO tests (`legacy.m`,
    /// simpleDependency): `fullName` reads three names and declares two of them; after
    /// `middleName` changes unnoticed, a change of `lastName` reports old `"Hey Not "`. The
    /// prior call carries the same old value.
    @Test func aComputedKeyPathsOldValueIsReadBeforeTheChange() {
        let person = NamedPerson()
        let calls = Recorder<String>()
        let token = person.observe(\.fullName, options: [.old, .new]) { _, change in
            calls.record("[\(change.oldValue ?? "nil")] -> [\(change.newValue ?? "nil")]")
        }
        let priorCalls = Recorder<String>()
        let priorToken = person.observe(\.fullName, options: [.prior, .old]) { _, change in
            priorCalls.record("\(change.isPrior ? "prior" : "after") [\(change.oldValue ?? "nil")]")
        }

        person.firstName = "Hey"
        person.middleName = "Not"
        person.lastName = "You"

        #expect(calls.events == ["[  ] -> [Hey  ]", "[Hey Not ] -> [Hey Not You]"])
        #expect(priorCalls.events == ["prior [  ]", "after [  ]", "prior [Hey Not ]", "after [Hey Not ]"])
        withExtendedLifetime((token, priorToken)) {}
    }

    /// `.removeDuplicates` on a computed key path compares the new value with the value last
    /// delivered to the registration, not with the value read before the change: a change no
    /// notification reported is not lost.
    ///
    /// OptionsAndChangeValues.md: "For a computed property or a chain, `.removeDuplicates`
    /// compares the new value with the last value delivered". After `middleName` changes
    /// unnoticed, setting `lastName` to the value it holds makes `fullName` read `"Hey Not "`,
    /// which the observer never received (its last value is `"Hey  "`).
    @Test func removeDuplicatesOnAComputedKeyPathComparesWithTheLastDeliveredValue() {
        let person = NamedPerson()
        let calls = Recorder<String>()
        let token = person.observe(\.fullName, options: [.new, .removeDuplicates]) { _, change in
            calls.record(change.newValue ?? "nil")
        }

        person.firstName = "Hey"
        person.middleName = "Not"
        person.lastName = ""
        person.lastName = ""

        #expect(calls.events == ["Hey  ", "Hey Not "])
        withExtendedLifetime(token) {}
    }
}

/// GNUstep's simpleDependency person: `fullName` reads three names; `firstName` and `lastName`
/// are observable and declared, `middleName` is a plain stored property that notifies nobody.
private final class NamedPerson: KeyValueObservable {
    @Observed var firstName = ""
    var middleName = ""
    @Observed var lastName = ""
    var fullName: String { "\(firstName) \(middleName) \(lastName)" }

    static func keyPathsForValuesAffectingValue(for keyPath: AnyKeyPath) -> [AnyKeyPath] {
        keyPath == \NamedPerson.fullName ? [\NamedPerson.firstName, \NamedPerson.lastName] : []
    }
}

private final class Declaring: KeyValueObservable {
    @Observed var count = 0
    @Observed var other = 0

    static func keyPathsForValuesAffectingValue(for keyPath: AnyKeyPath) -> [AnyKeyPath] {
        keyPath == \Declaring.count ? [\Declaring.other] : []
    }
}
