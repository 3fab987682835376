import Observing

/// A plain reference model of the library's semantics.
///
/// Values in dictionaries, registrations in ordered arrays, a notification as a loop over a
/// copy of an array. No locks, no unsafe code, no cleverness: it says what each operation must
/// do, step by step, and the library must do the same.
///
/// It runs each step before the library does, and resolves the step (and each reaction it
/// fires) into a concrete `ModelAction`, which the library's world then carries out as is.
package final class ReferenceModel {
    /// A subject's values, and where it is in its life.
    struct Subject {
        var title = ""
        var messages: [String] = []
        var tags: Set<String> = []
        var note = ""
        var child: Int?
        var phase = Phase.alive

        enum Phase {
            case alive
            /// In its `deinit`: its own registrations still run, but weak references to it (a
            /// computed key path's or chain's root) already read `nil`.
            case deiniting
            case dead
        }
    }

    /// One `@Observed` storage, by identity; or a plain property notified by hand.
    enum Storage: Hashable {
        case title(Int)
        case messages(Int)
        case tags(Int)
        /// A subject's `note`, which reads no `@Observed` storage. The rule: "For a key path
        /// that reads no `@Observed` storage, registrations are real (counted, removable), and
        /// notified only by willChange/didChange pairs, with the same delivery semantics as an
        /// `@Observed` property" (KVO, whose observers of any key path are notified by hand
        /// when the class does not notify them automatically). So it is a storage like the
        /// others here, with its own list; only a manual pair ever sets it (a plain set, which
        /// notifies nobody, is not generated).
        case note(Int)
        case child(Int)
        case name(Int)
        case text(Int)
        /// The replaceable property's storage; a replacement starts a new generation.
        case replaceable(Int)
        /// A view model's own `caption`.
        case caption(Int)
        /// A stored property of the switching object (`useA`, `a` or `b`).
        case switching(SwitchKeyPath)
    }

    /// A storage's value.
    enum Value: Equatable {
        case text(String)
        case list([String])
        case set(Set<String>)
        case child(Int?)
        case flag(Bool)

        var rendered: String {
            switch self {
            case .flag(let flag): String(flag)
            case .text(let text): ModelRender.text(text)
            case .list(let list): ModelRender.list(list)
            case .set(let set): ModelRender.set(set)
            case .child(let child): child.map { "c\($0)" } ?? "nil"
            }
        }

        var text: String? {
            if case .text(let text) = self { return text }
            return nil
        }

        var list: [String] {
            if case .list(let list) = self { return list }
            return []
        }

        var set: Set<String> {
            if case .set(let set) = self { return set }
            return []
        }
    }

    /// One change of a storage, with its values unfiltered (as the library's registry holds it).
    struct Change {
        var kind: KeyValueChangeKind = .setting
        var indexes: Set<Int>?
        var old: Value?
        var new: Value?
        /// Whether the prior calls know the new value, for `.removeDuplicates`: a set's do; a
        /// manual change pair's do not (see `manualPair(_:value:)`).
        var isNewKnownAtPrior = true
        /// Whether it is a manual change pair's that sets a value inside (see
        /// `ModelBasedConfiguration.pairSetOrderSettled`).
        var isPairWithSet = false
        /// Whether it is a manual change pair's, with or without a set inside.
        var isPair = false
    }

    /// A storage's notification state: the set in flight, the sets queued behind it from its
    /// callbacks, and the sets deferred from its prior callbacks (engine semantics).
    final class Delivery {
        var isDelivering = false
        var isInPrior = false
        /// The value the set in flight stores, and its change, while its prior callbacks run.
        var inFlightValue: Value?
        var inFlightChange: Change?
        /// The sets queued behind the one in flight, each with the list as it was at its store:
        /// an entry added after the store (by a later callback) receives nothing from it.
        var pending: [(change: Change, list: [Entry])] = []
        var deferred: [(value: Value, change: Change?)] = []
    }

    /// One registration's place in one storage's list.
    final class Entry {
        let registration: Int
        let wantsPrior: Bool
        var isActive = true

        init(registration: Int, wantsPrior: Bool) {
            self.registration = registration
            self.wantsPrior = wantsPrior
        }
    }

    /// One registration: an observation, an observer's registration, a binding's direction.
    final class Registration {
        enum Owner: Equatable {
            case token(isQueued: Bool)
            case observer(Int, context: Int?)
            case oneWay(label: Int)
            case twoWay(binding: Int, target: Int)
            /// The replaceable property's hidden handler that replaces its storage when armed.
            case replacer
            /// The prior handler of a switching pair, which sets `useA` to its opposite
            /// `toggles` times at its first prior call.
            case flipper(toggles: Int)
        }

        let id: Int
        let owner: Owner
        let place: ModelPlace
        let options: KeyValueObservingOptions
        var isActive = true
        var reaction: ModelReaction?
        var entries: [Storage: Entry] = [:]
        /// A computed key path's or chain's value at its last evaluation.
        var lastValue = ""
        /// A computed key path's or chain's changes in flight, oldest first: the storage each
        /// came from and the value read at its prior call (`nil` when its value was stored
        /// before it), which its after call reports as old.
        var valuesBeforeChanges: [(storage: Storage, old: String?)] = []
        /// With `.prior` and `.removeDuplicates`: the prior calls let through whose after calls
        /// have not come yet (each lets its after call through, even between equal values).
        var unpairedPriorCalls = 0
        /// The observable property's change number at registration.
        var firstVersion = 0
        /// The replaceable property's storage generation at registration.
        var generation = 0
        /// For a view model's `lowered`: whether the view model's `caption` had a registry at
        /// registration, so that the view model's end ends the registration.
        var isTiedToRootStorage = false
        /// For a flipper: whether it has made its sets.
        var isSpent = false

        /// Whether its entries take prior calls: with `.prior`; for a computed key path or chain
        /// also with `.old`, whose old value it reads there.
        var wantsPriorCalls: Bool {
            if place.isDerived { return !options.isDisjoint(with: [.prior, .old]) }
            return options.contains(.prior)
        }

        init(id: Int, owner: Owner, place: ModelPlace, options: KeyValueObservingOptions) {
            self.id = id
            self.owner = owner
            self.place = place
            self.options = options
        }
    }

    /// The observable property's value and its queue of changes.
    struct Property {
        struct Item {
            var old: Int?
            var new: Int
            var version: Int
            /// Restricts an initial call to its registration.
            var target: Int?
        }

        var value = 0
        var version = 0
        var pending: [Item] = []
        var isDraining = false
        var entries: [Int] = []
    }

    /// The property whose storage a handler may replace (engine semantics).
    struct Replaceable {
        var value = ""
        var generation = 0
        var armed: String?
    }

    let isEngineSemanticsOn: Bool
    var nextID = 1

    var subjects: [Int: Subject] = [:]
    var subjectSlots: [Int] = []
    var childNames = Array(repeating: "", count: ModelValues.childCount)
    var fieldTexts = Array(repeating: "", count: ModelValues.fieldCount)
    var labels: [Int: String] = [:]
    var labelSlots: [Int?] = Array(repeating: nil, count: ModelValues.labelSlots)
    var observers: Set<Int> = []
    /// How many of each observer's calls are running (a reaction of its call is firing): the
    /// library holds an observer for the length of its call, so one dropped meanwhile, from
    /// its own reaction or from a notification nested in it, lives and is notified until its
    /// outermost call returns.
    var observerCallDepth: [Int: Int] = [:]
    /// The observers dropped while one of their calls runs, removed when it returns.
    var observersDroppedInCall: Set<Int> = []
    var observerSlots: [Int?] = Array(repeating: nil, count: ModelValues.observerSlots)
    var observerReactions: [Int: ModelReaction] = [:]
    var property = Property()
    var replaceable = Replaceable()
    var normalizedText = ""

    var registrations: [Int: Registration] = [:]
    /// The tokens the test holds, and the registrations each ends.
    var tokens: [Int: [Int]] = [:]
    var lists: [Storage: [Entry]] = [:]
    var deliveries: [Storage: Delivery] = [:]
    /// The two-way bindings whose write is in progress (their echo is skipped).
    var crossing: Set<Int> = []
    /// The token of the two-way binding of each field pair.
    var twoWayBindings: [Int: Int] = [:]
    /// Nonzero while a subject's `deinit` runs; reactions do not fire then.
    var deinitDepth = 0

    /// What the step in progress produced.
    var outcome = StepOutcome()
    var resolutions: [Int: ModelAction] = [:]
    /// The calls waiting on the delivery queue, in the order they were queued; they stay
    /// across steps until a drain (see `drainQueue()`).
    var queue: [QueuedCall] = []
    /// The subjects dropped while calls on the queue still hold them, and whether each one's
    /// `deinit` sets properties: it runs when the last of those calls has run.
    var heldDrops: [Int: Bool] = [:]
    /// The observations made with `observe`, whose handlers capture a probe object (see
    /// `ReferenceModel+Probes.swift`).
    var probed: Set<Int> = []
    /// The tracked object's two properties, and the trackers that have not fired yet, in the
    /// order they were installed (see `ModelTracking.swift`).
    var tracked = ["", ""]
    var trackers: [(id: Int, read: TrackedRead)] = []
    /// The view models by identity, dropped ones included, and the identity in each slot (see
    /// `ModelViewModels.swift`).
    var viewModels: [Int: ViewModel] = [:]
    var viewModelSlots: [Int?] = Array(repeating: nil, count: ModelValues.viewModelSlots)
    /// The switching object's stored properties (see `ModelSwitching.swift`).
    var switching = Switching()

    package init(isEngineSemanticsOn: Bool) {
        self.isEngineSemanticsOn = isEngineSemanticsOn
        for _ in 0..<ModelValues.subjectSlots {
            let id = makeID()
            subjects[id] = Subject()
            subjectSlots.append(id)
        }
        registerReplacer()
    }

    func makeID() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// Runs one step: resolves it, carries it out, and returns what the library must match.
    package func run(_ step: ModelStep) -> (
        action: ModelAction, outcome: StepOutcome, resolutions: [Int: ModelAction]
    ) {
        outcome = StepOutcome()
        resolutions = [:]
        let action = resolve(step)
        execute(action)
        outcome.state = snapshot()
        return (action, outcome, resolutions)
    }
}

/// What one step did: the calls each registration received, the results of the calls that
/// return something, the reactions that fired, and the observable state afterwards.
package struct StepOutcome {
    /// The calls each registration received (`t12`: an observation, `o7`: an observer), in order.
    package var calls: [String: [String]] = [:]
    /// Calls a registration may or may not receive after its registration ended in the middle
    /// of a notification (the model's only; see storage replacement).
    var optionalCalls: [String: [String]] = [:]
    package var results: [String] = []
    package var firedReactions: [Int] = []
    /// Anything the library's world noticed that the model cannot express (an object still alive
    /// after it was dropped, a reaction the model did not fire); or the model's own self-checks.
    package var notes: [String] = []
    /// Values, observer counts and token validity.
    package var state = WorldState()
}
