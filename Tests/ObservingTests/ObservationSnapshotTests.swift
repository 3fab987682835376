import Dispatch
import Observing
import Testing

/// An observer type for the snapshot to name.
final class BadgeObserver: KeyValueObserver {
    static let context = ObservationContext("Badge")
    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {}
}

/// A model with a computed property over two stored ones, for derived registrations.
final class Person: KeyValueObservable {
    @Observed var first = ""
    @Observed var last = ""
    var fullName: String { "\(first) \(last)" }
}

/// The snapshot (`observationSnapshot`, `observationDescription`) lists what observes an
/// object, and the per-object total counts it.
@Suite struct ObservationSnapshotTests {
    /// The line a registration made at `line` records: in debug builds of the library only.
    private func recorded(_ line: Int) -> Int? {
        #if DEBUG
            return line
        #else
            return nil
        #endif
    }

    private var recordedFile: String? {
        #if DEBUG
            return #fileID
        #else
            return nil
        #endif
    }

    @Test func aDirectRegistrationIsListedWithItsOptionsAndCallSite() throws {
        let profile = Profile()
        let line = #line + 1
        let token = profile.observe(\.unread, options: [.initial, .new]) { _, _ in }
        let snapshot = profile.observationSnapshot

        #expect(snapshot.typeName == "Profile")
        #expect(snapshot.registrationCount == 1)
        let property = try #require(snapshot.properties.first)
        #expect(snapshot.properties.count == 1)
        #expect(property.keyPath == \Profile.unread)
        #expect(property.name == "\\Profile.unread")
        #expect(
            property.registrations == [
                ObservationSnapshot.Registration(
                    options: [.initial, .new], observer: "closure",
                    delivery: recordedFile == nil ? nil : "synchronous", file: recordedFile,
                    line: recorded(line))
            ])
        #expect(!property.registrations[0].isDerived)
        withExtendedLifetime(token) {}
    }

    @Test func aDerivedRegistrationIsListedUnderEachPropertyItReadsAndCountsOnce() {
        let person = Person()
        let line = #line + 1
        let token = person.observe(\.fullName, options: [.new]) { _, _ in }
        let snapshot = person.observationSnapshot

        #expect(snapshot.registrationCount == 1)
        #expect(person.totalObserverCount == 1)
        #expect(snapshot.properties.map(\.name) == ["\\Person.first", "\\Person.last"])
        for property in snapshot.properties {
            #expect(property.registrations.count == 1)
            #expect(property.registrations.first?.derivedKeyPath == \Person.fullName)
            #expect(property.registrations.first?.isDerived == true)
            #expect(property.registrations.first?.options == [.new])
            #expect(property.registrations.first?.line == recorded(line))
        }
        withExtendedLifetime(token) {}
    }

    @Test func aChainIsListedOnTheIntermediateObjectToo() {
        let shell = Shell()
        let item = TabItem()
        shell.selectedItem = item
        let token = shell.observe(\.selectedItem?.badgeValue) { _, _ in }

        #expect(shell.observationSnapshot.properties.map(\.name) == ["\\Shell.selectedItem"])
        #expect(item.observationSnapshot.properties.map(\.name) == ["\\TabItem.badgeValue"])
        #expect(item.observationSnapshot.properties.first?.registrations.first?.isDerived == true)
        #expect(shell.totalObserverCount == 1)
        #expect(item.totalObserverCount == 1)
        withExtendedLifetime(token) {}
    }

    @Test func aQueuedRegistrationNamesItsQueue() {
        let profile = Profile()
        let queue = DispatchQueue(label: "com.example.snapshot")
        let token = profile.observe(\.unread, options: [.new], queue: queue) { _, _ in }
        let registration = profile.observationSnapshot.properties.first?.registrations.first

        #expect(registration?.observer == "closure")
        #expect(registration?.delivery == (recordedFile == nil ? nil : "queue \"com.example.snapshot\""))
        withExtendedLifetime(token) {}
    }

    @MainActor
    @Test func aMainActorHandlerNamesItsIsolation() {
        let profile = Profile()
        let token = profile.observe(\.unread) { _, _ in }
        let registration = profile.observationSnapshot.properties.first?.registrations.first

        #expect(registration?.delivery == (recordedFile == nil ? nil : "isolated to MainActor"))
        withExtendedLifetime(token) {}
    }

    @Test func anObserverIsListedByTypeAndContext() {
        let item = TabItem()
        let observer = BadgeObserver()
        let line = #line + 1
        item.addObserver(
            observer, forKeyPath: \.badgeValue, options: [.new, .old], context: BadgeObserver.context)
        item.addObserver(observer, forKeyPath: \.title, options: [.new, .removeDuplicates])

        let snapshot = item.observationSnapshot
        #expect(snapshot.registrationCount == 2)
        #expect(snapshot.properties.map(\.name) == ["\\TabItem.title", "\\TabItem.badgeValue"])
        let badge = snapshot.properties.last?.registrations.first
        #expect(badge?.observer == "BadgeObserver")
        #expect(badge?.context == "Badge")
        #expect(badge?.options == [.new, .old])
        #expect(badge?.line == recorded(line))
        #expect(snapshot.properties.map(\.registrations.count) == [1, 1])
        let title = snapshot.properties.first?.registrations.first
        #expect(title?.observer == "BadgeObserver")
        #expect(title?.context == nil)
        #expect(title?.options == [.new, .removeDuplicates])
        _ = item.removeObserver(observer)
        #expect(item.observationSnapshot.properties.isEmpty)
    }

    @Test func aBindingAndAWholeObjectObservationAreListed() {
        let document = Document()
        let label = Label()
        let binding = document.bind(\.title, to: label, \.text)
        let line = #line + 1
        let autosave = document.observeChanges { _, _, _ in }

        let snapshot = document.observationSnapshot
        #expect(snapshot.registrationCount == 2)
        #expect(snapshot.properties.map(\.name) == ["\\DocumentBase.title"])
        #expect(
            snapshot.properties.first?.registrations.first?.delivery
                == (recordedFile == nil ? nil : "binding"))
        #expect(snapshot.wholeObjectRegistrations.count == 1)
        #expect(snapshot.wholeObjectRegistrations.first?.observer == "whole object")
        #expect(snapshot.wholeObjectRegistrations.first?.line == recorded(line))
        withExtendedLifetime((binding, autosave)) {}
    }

    @Test func theDescriptionListsEachPropertyAndRegistration() {
        let person = Person()
        let observer = BadgeObserver()
        let first = person.observe(\.first, options: [.new]) { _, _ in }
        person.addObserver(observer, forKeyPath: \.last, context: BadgeObserver.context)

        let lines = person.observationDescription.split(separator: "\n").map(String.init)
        #expect(lines.count == 5)
        #expect(lines.first == "Person: 2 registrations")
        #expect(lines[1] == "  \\Person.first")
        #expect(lines[2].hasPrefix("    [.new], closure"))
        #expect(lines[3] == "  \\Person.last")
        #expect(lines[4].hasPrefix("    [], BadgeObserver, context \"Badge\""))
        #if DEBUG
            #expect(lines[2].contains("synchronous, at ObservingTests/ObservationSnapshotTests.swift:"))
        #endif
        withExtendedLifetime((first, observer)) {}
    }

    @Test func anEndedRegistrationIsNotListed() {
        let profile = Profile()
        var observer: BadgeObserver? = BadgeObserver()
        let token = profile.observe(\.unread) { _, _ in }
        profile.addObserver(observer!, forKeyPath: \.unread)
        #expect(profile.totalObserverCount == 2)

        token.invalidate()
        #expect(profile.totalObserverCount == 1)
        observer = nil
        #expect(profile.totalObserverCount == 0)
        #expect(profile.observationSnapshot.properties.isEmpty)
        #expect(profile.observationDescription == "Profile: 0 registrations")
    }

    @Test func aSnapshotTakenInsideAHandlerSeesTheRegistrations() {
        let profile = Profile()
        let seen = Recorder<Int>()
        let token = profile.observe(\.unread) { profile, _ in
            seen.record(profile.totalObserverCount)
        }
        profile.unread = 1
        #expect(seen.events == [1])
        withExtendedLifetime(token) {}
    }

    @Test func aTwoWayBindingIsARegistrationOnEachSide() {
        let draft = TextModel()
        let editor = TextModel()
        let binding = draft.bind(\.text, twoWayTo: editor, \.text)
        #expect(draft.totalObserverCount == 1)
        #expect(editor.totalObserverCount == 1)
        #expect(
            draft.observationSnapshot.properties.first?.registrations.first?.delivery
                == (recordedFile == nil ? nil : "binding"))
        binding.invalidate()
        #expect(draft.totalObserverCount == 0)
        #expect(editor.totalObserverCount == 0)
    }

    /// A derived registration that reads only other objects' storage is still a registration
    /// on its own object: `totalObserverCount` counts it until it ends, so a leak check sees it.
    @Test func aRegistrationThatReadsOnlyAnotherObjectCountsOnItsOwnObject() {
        let source = NamingSource()
        let lonely = LonelyViewModel(source)
        let tied = TiedViewModel(source)
        let own = tied.observe(\.caption) { _, _ in }
        let tokens = [lonely.observe(\.doubled) { _, _ in }, tied.observe(\.tripled) { _, _ in }]
        #expect(lonely.totalObserverCount == 1)
        #expect(tied.totalObserverCount == 2)
        #expect(source.totalObserverCount == 2)
        for token in tokens { token.invalidate() }
        #expect(lonely.totalObserverCount == 0)
        #expect(tied.totalObserverCount == 1)
        #expect(source.totalObserverCount == 0)
        withExtendedLifetime(own) {}
    }

    @Test func aKeyPathNotifiedByHandIsListedAsSwiftPrintsIt() {
        let settings = ManualSettings()
        let token = settings.observe(\.theme) { _, _ in }
        let snapshot = settings.observationSnapshot
        #expect(snapshot.properties.map(\.name) == ["\\ManualSettings.theme"])
        #expect(snapshot.properties.first?.keyPath == \ManualSettings.theme)
        #expect(snapshot.properties.first?.registrations.map(\.observer) == ["closure"])
        #expect(snapshot.registrationCount == 1)
        withExtendedLifetime(token) {}
    }
}

/// Swift on Linux prints a key path to a computed or property-wrapped property as
/// `\Type.<computed 0x… (Int)>`; descriptions name an `@Observed` property as written in source
/// and a computed key path by its root and value types, with the registering call.
@Suite struct SnapshotNamingTests {
    @Test func aDescriptionNamesObservedPropertiesAndComputedKeyPathsWithoutAddresses() {
        let person = Person()
        let settings = CachedSettings()
        let line = #line + 1
        let tokens = [person.observe(\.fullName) { _, _ in }, settings.observe(\.theme) { _, _ in }]

        let personDescription = person.observationDescription
        #expect(!personDescription.contains("<computed"))
        #expect(personDescription.contains("\\Person.first"))
        #expect(personDescription.contains("derived for a computed property of Person (String)"))
        let settingsDescription = settings.observationDescription
        #expect(!settingsDescription.contains("<computed"))
        #expect(settingsDescription.contains("a computed property of CachedSettings (String)"))
        #if DEBUG  // release builds record no call site
            #expect(personDescription.contains("at ObservingTests/ObservationSnapshotTests.swift:\(line)"))
            #expect(settingsDescription.contains("at ObservingTests/ObservationSnapshotTests.swift:\(line)"))
        #endif
        withExtendedLifetime(tokens) {}
    }
}

/// A view model with no storage of its own, over a shared model (its own class, so that its
/// diagnostic is not another test's).
final class LonelyViewModel: KeyValueObservable {
    let source: NamingSource
    init(_ source: NamingSource) { self.source = source }
    var doubled: Int { source.value * 2 }
}

/// A view model with storage of its own, observed, and a computed property over a shared model.
final class TiedViewModel: KeyValueObservable {
    let source: NamingSource
    @Observed var caption = ""
    init(_ source: NamingSource) { self.source = source }
    var tripled: Int { source.value * 3 }
}

/// A class whose `theme` is a computed property over a cache, notified by hand.
final class CachedSettings: KeyValueObservable {
    private final class Cache { var theme = "light" }
    private let cache = Cache()
    var theme: String { cache.theme }
    static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool {
        keyPath != \CachedSettings.theme
    }
}

/// A class whose `theme` is notified by hand.
final class ManualSettings: KeyValueObservable {
    var theme = "light"
    static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool {
        keyPath != \ManualSettings.theme
    }
}
