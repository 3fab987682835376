import Observation
import Observing
import Testing

/// A class that is both `KeyValueObservable` and `Observable` looks to Observation exactly as
/// its `@Observable` twin does: the same scripts of sets run against both, and what
/// `withObservationTracking` and `Observations` report must agree.
///
/// Known differences, documented in the Observation article: within one set, Observation's
/// `onChange` runs after the KVO-style `.prior` callbacks and before the store; a subclass
/// that adds `Observable` to a base class that is not is not tracked; and a set made from a
/// tracker's `onChange` is stored after the set in flight (the macro's outer store overwrites
/// it), so that what KVO-style observers were told last is what the property reads.
@MainActor
@Suite struct ObservationFidelityTests {
    @Test(arguments: FidelityScript.all)
    func trackersFireForTheSameSets(script: FidelityScript) {
        let macro = run(script, on: MacroProfile())
        let twin = run(script, on: TwinProfile())
        #expect(twin == macro)
        #expect(!macro.isEmpty)
    }

    @Test func observationsYieldsNoDuplicateForAnEqualSet() async {
        let macro = await yieldedNames(of: MacroProfile())
        let twin = await yieldedNames(of: TwinProfile())
        #expect(macro == ["a", "b"])
        #expect(twin == macro)
    }

    @Test func aSetFromOnChangeIsWhatThePropertyReadsAndWhatObserversWereToldLast() {
        let profile = TwinProfile()
        let told = Recorder<String>()
        let token = profile.observe(\.name, options: [.new]) { _, change in
            told.record(change.newValue ?? "-")
        }
        // onChange is `@Sendable`; it runs synchronously here, inside the set below.
        nonisolated(unsafe) let target = profile
        withObservationTracking {
            _ = profile.name
        } onChange: {
            target.name = "normalized"
        }

        profile.name = "typed"

        #expect(told.events == ["typed", "normalized"])
        #expect(profile.name == "normalized")
        withExtendedLifetime(token) {}
    }

    @Test func aSetFromOnChangeDuringAQueuedSetIsStoredAfterIt() {
        let profile = TwinProfile()
        let told = Recorder<String>()
        let token = profile.observe(\.name, options: [.new]) { profile, change in
            told.record(change.newValue ?? "-")
            if change.newValue == "first" {
                // onChange is `@Sendable`; it runs synchronously, inside the set below.
                nonisolated(unsafe) let target = profile
                withObservationTracking {
                    _ = profile.name
                } onChange: {
                    target.name = "normalized"
                }
                profile.name = "second"
            }
        }

        profile.name = "first"

        #expect(told.events == ["first", "second", "normalized"])
        #expect(profile.name == "normalized")
        withExtendedLifetime(token) {}
    }

    /// Runs `script` against `profile`: before each step a tracker reads every property, and
    /// the step records which trackers fired and what the properties read afterwards.
    private func run<Profile: FidelityProfile>(_ script: FidelityScript, on profile: Profile) -> [String] {
        var log: [String] = []
        for step in script.steps {
            let fired = Recorder<String>()
            for property in FidelityProperty.allCases {
                withObservationTracking {
                    _ = profile.read(property)
                } onChange: {
                    fired.record(property.rawValue)
                }
            }
            profile.apply(step)
            log.append("\(step): fired \(fired.events.sorted()); reads \(profile.snapshot)")
        }
        return log
    }

    /// The first two values `Observations` yields for `name` when it is set to its current
    /// value and then to a new one, with a suspension after each set.
    private func yieldedNames<Profile: FidelityProfile>(of profile: Profile) async -> [String] {
        profile.name = "a"
        var iterator = Observations { profile.name }.makeAsyncIterator()
        var names: [String] = []
        if let first = await iterator.next() { names.append(first) }
        profile.name = "a"
        await Task.yield()
        profile.name = "b"
        if let second = await iterator.next() { names.append(second) }
        return names
    }
}

/// One set of a script.
enum FidelityStep: Sendable, CustomStringConvertible {
    case name(String)
    case unread(Int)
    case note(String?)
    case avatar(Avatar)
    case tags([String])

    var description: String {
        switch self {
        case .name(let value): "name = \(value)"
        case .unread(let value): "unread = \(value)"
        case .note(let value): "note = \(value ?? "nil")"
        case .avatar(let value): "avatar = \(value.name)"
        case .tags(let value): "tags = \(value)"
        }
    }
}

/// A script of sets, named for the test's arguments.
struct FidelityScript: Sendable, CustomTestStringConvertible {
    let name: String
    let steps: [FidelityStep]

    var testDescription: String { name }

    static let all: [FidelityScript] = [
        FidelityScript(name: "new values", steps: [.name("a"), .unread(1), .note("n"), .tags(["x"])]),
        FidelityScript(
            name: "equal values",
            steps: [.name(""), .unread(0), .note(nil), .tags([]), .name("a"), .name("a")]),
        FidelityScript(name: "back and forth", steps: [.unread(1), .unread(0), .unread(0), .unread(2)]),
        FidelityScript(
            name: "the same object and an equal one",
            steps: [.avatar(Avatar.shared), .avatar(Avatar.shared), .avatar(Avatar(name: "shared"))]),
    ]
}

/// The tracked properties.
enum FidelityProperty: String, CaseIterable {
    case name
    case unread
    case hasUnread
    case note
    case avatar
    case tags
}

/// A non-`Equatable` class value: Observation compares such values by identity.
final class Avatar: Sendable {
    static let shared = Avatar(name: "shared")
    let name: String

    init(name: String) {
        self.name = name
    }
}

/// What the script reads and writes, on both models.
protocol FidelityProfile: AnyObject, Observable {
    var name: String { get set }
    var unread: Int { get set }
    var hasUnread: Bool { get }
    var note: String? { get set }
    var avatar: Avatar { get set }
    var tags: [String] { get set }
}

extension FidelityProfile {
    func read(_ property: FidelityProperty) -> String {
        switch property {
        case .name: name
        case .unread: "\(unread)"
        case .hasUnread: "\(hasUnread)"
        case .note: note ?? "nil"
        case .avatar: "\(ObjectIdentifier(avatar) == ObjectIdentifier(Avatar.shared) ? "shared" : "other")"
        case .tags: "\(tags)"
        }
    }

    var snapshot: String {
        FidelityProperty.allCases.map { "\($0.rawValue)=\(read($0))" }.joined(separator: " ")
    }

    func apply(_ step: FidelityStep) {
        switch step {
        case .name(let value): name = value
        case .unread(let value): unread = value
        case .note(let value): note = value
        case .avatar(let value): avatar = value
        case .tags(let value): tags = value
        }
    }
}

@Observable
private final class MacroProfile: FidelityProfile {
    var name = ""
    var unread = 0
    var hasUnread: Bool { unread > 0 }
    var note: String?
    var avatar = Avatar.shared
    var tags: [String] = []
}

private final class TwinProfile: KeyValueObservable, Observable, FidelityProfile {
    @Observed var name = ""
    @Observed var unread = 0
    var hasUnread: Bool { unread > 0 }
    @Observed var note: String?
    @Observed var avatar = Avatar.shared
    @Observed var tags: [String] = []
}
