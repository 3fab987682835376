import Dispatch
import Foundation
import Observing

/// The library's side of the model-based test.
///
/// Real objects, real registrations, handlers that record each call and fire their reactions.
/// It carries out the actions the reference model resolved, exactly, and reports what the
/// library did.
///
/// `@unchecked Sendable`: handlers capture it; it is used on the test's thread only, except the
/// queue log, which queue-delivered handlers write under `queueLock`.
final class LiveWorld: @unchecked Sendable {
    let isEngineSemanticsOn: Bool
    var subjects: [Int: ModelSubject] = [:]
    var subjectSlots: [Int] = []
    let children = (0..<ModelValues.childCount).map { _ in ModelChild() }
    let fields = (0..<ModelValues.fieldCount).map { _ in ModelField() }
    var labels: [Int: ModelLabel] = [:]
    var observers: [Int: ModelObserver] = [:]
    let property = ObservableProperty(0)
    let replaceable = ModelReplaceable()
    var replacer: ObservationToken?
    var armedReplacement: String?
    let normalizingModel = ModelField()
    let normalizingEditor = ModelField()
    var normalizingTokens: [ObservationToken] = []
    let contexts = (0..<ModelValues.contextCount).map { ObservationContext("c\($0)") }

    var tokens: [Int: ObservationToken] = [:]
    /// The reaction of each observation that has one.
    var reactions: [Int: (id: Int, phase: ReactionPhase)] = [:]
    /// Observations made with `.initial` whose initial call has not come yet.
    var pendingInitialCalls: Set<Int> = []
    var resolutions: [Int: ModelAction] = [:]
    var outcome = StepOutcome()
    var deinitDepth = 0
    /// Dropped objects, to check that they deallocate.
    var dropped: [(name: String, isAlive: () -> Bool)] = []
    /// Whether the probe each observation's handler captures is still alive.
    var probes: [Int: () -> Bool] = [:]
    /// The observations of a plain key path, whose handlers may outlive their object.
    var lingeringProbes: Set<Int> = []
    /// The object `withObservationTracking` reads: `KeyValueObservable` and `Observable`.
    let tracked = ModelTracked()
    var viewModels: [Int: ModelViewModel] = [:]
    var viewModelSlots: [Int?] = Array(repeating: nil, count: ModelValues.viewModelSlots)
    /// The tokens of the observations of each view model.
    var viewModelTokens: [Int: [Int]] = [:]
    /// The view models whose `caption` has been observed (see `viewModelStates()`).
    var observedCaptions: Set<Int> = []
    let switching = ModelSwitching()
    /// The flips the prior handler of the switching pair in progress has still to make.
    var flipsLeft = 0

    /// Where queue-delivered handlers run; suspended but while a drain step runs it.
    let queue = DispatchQueue(label: "model-based.delivery")
    var hasQueuedRegistrations = false
    let queueLock = NSLock()
    var queueCalls: [(key: String, line: String)] = []

    /// Creates the world; `normalizerSide` (0 or 1) picks the side of the normalizing pair that
    /// uppercases, and `normalizerFirst` whether its handler is registered before the binding.
    init(isEngineSemanticsOn: Bool, normalizerSide: Int, normalizerFirst: Bool) {
        self.isEngineSemanticsOn = isEngineSemanticsOn
        // The same identities the reference model starts with.
        for id in 1...ModelValues.subjectSlots {
            subjects[id] = ModelSubject(id: id)
            subjectSlots.append(id)
        }
        replacer = makeReplacer()
        setUpNormalizingPair(normalizerSide: normalizerSide, normalizerFirst: normalizerFirst)
        queue.suspend()
    }

    deinit {
        // A suspended queue must not be released.
        queue.resume()
    }

    /// Carries out one step's action and reports what the library did.
    func run(_ action: ModelAction, resolutions: [Int: ModelAction]) -> StepOutcome {
        outcome = StepOutcome()
        self.resolutions = resolutions
        perform(action)
        // A dropped object still alive is listed in the state, which the model's must match.
        dropped.removeAll { !$0.isAlive() }
        outcome.state = snapshot()
        return outcome
    }

    func record(_ key: String, _ line: String) {
        outcome.calls[key, default: []].append(line)
    }

    func recordQueued(_ key: String, _ line: String) {
        queueLock.withLock { queueCalls.append((key, line)) }
    }

    /// Fires the reaction of observation `id` if this call is in its phase.
    func react(_ id: Int, isPrior: Bool) {
        let phase: ReactionPhase
        if pendingInitialCalls.remove(id) != nil {
            phase = .initial
        } else {
            phase = isPrior ? .prior : .after
        }
        guard deinitDepth == 0, let reaction = reactions[id], reaction.phase == phase else { return }
        reactions[id] = nil
        fire(reaction.id)
    }

    /// Does what the model resolved the reaction to.
    func fire(_ reaction: Int) {
        outcome.firedReactions.append(reaction)
        guard let action = resolutions[reaction] else {
            outcome.notes.append("reaction x\(reaction) fired in the library but not in the model")
            return
        }
        perform(action)
    }

    /// The state to compare with the model's snapshot.
    func snapshot() -> WorldState {
        var state = WorldState()
        for id in subjectSlots {
            guard let subject = subjects[id] else { continue }
            state.subjects.append(
                WorldState.Subject(
                    id: id, title: subject.title, messages: subject.messages, tags: subject.tags,
                    note: subject.note,
                    child: subject.child.flatMap { child in children.firstIndex { $0 === child } },
                    counts: [
                        subject.observerCount(for: \.title), subject.observerCount(for: \.messages),
                        subject.observerCount(for: \.summary), subject.observerCount(for: \.child?.name),
                        subject.observerCount(for: \.tags), subject.observerCount(for: \.note),
                        subject.observerCount(for: \.child),
                    ]))
        }
        state.childNames = children.map(\.name)
        state.childCounts = children.map { $0.observerCount(for: \.name) }
        state.fieldTexts = fields.map(\.text)
        state.fieldCounts = fields.map { $0.observerCount(for: \.text) }
        state.labels = labels.mapValues(\.text)
        state.property = property.value
        state.propertyCount = property.observerCount
        state.replaceable = replaceable.name
        state.replaceableCount = replaceable.observerCount(for: \.name)
        state.normalized = [normalizingModel.text, normalizingEditor.text]
        state.alive = Set(dropped.map(\.name))
        (state.tokens, state.probes) = tokensAndProbes()
        state.tracked = [tracked.first, tracked.second]
        state.viewModels = viewModelStates()
        (state.switching, state.switchingCounts) = switchingState()
        return state
    }

    /// Every token's `isValid` and the live probes, read as one moment.
    ///
    /// Another test's thread can end a registration at any time: the process-wide table of
    /// observed objects drops a dead object's entry (ending the registrations that live in it)
    /// on whichever thread next grows the table or reuses the identity. Such an end makes the
    /// token invalid, then releases the handler, so the two are read again until no token
    /// changed while the probes were read: otherwise a token read valid and a handler read
    /// released would disagree (as a CI run on a faster machine once saw).
    ///
    /// The other order needs a wait: that thread can be between the two, the token read invalid
    /// and the handler not yet released (a CI run saw "t119's handler is alive: model (absent),
    /// library true" for an observation of a dropped view model). A token read invalid whose
    /// handler is alive is read again, yielding the processor, until the handler goes or
    /// `releaseWait` passes; a handler the library really keeps is then reported as it is.
    private func tokensAndProbes() -> (tokens: [Int: Bool], probes: Set<Int>) {
        var validity = tokens.mapValues(\.isValid)
        let deadline = ContinuousClock.now + Self.releaseWait
        while true {
            let probes = liveProbes()
            let again = tokens.mapValues(\.isValid)
            guard again == validity else {
                validity = again
                continue
            }
            let releasing = probes.filter { validity[$0] == false }
            if releasing.isEmpty || ContinuousClock.now >= deadline { return (validity, probes) }
            sched_yield()
        }
    }

    /// How long a handler whose token reads invalid may take to be released, on another thread.
    private static let releaseWait = Duration.seconds(2)

    /// The handler of the replaceable property that replaces its storage when armed.
    func makeReplacer() -> ObservationToken {
        replaceable.observe(\.name) { [unowned self] replaceable, _ in
            guard let replacement = armedReplacement else { return }
            armedReplacement = nil
            replaceable.replaceStorage(with: replacement)
        }
    }

    /// The two-way binding one of whose sides uppercases every value set on it, with a recorder
    /// on each side (registered first).
    private func setUpNormalizingPair(normalizerSide: Int, normalizerFirst: Bool) {
        for (index, field) in [normalizingModel, normalizingEditor].enumerated() {
            normalizingTokens.append(
                field.observe(\.text, options: [.new]) { [unowned self] _, change in
                    record(
                        "n\(index)",
                        ModelRender.call(
                            kind: change.kind, indexes: change.indexes, old: nil,
                            new: change.newValue.map(ModelRender.text), isPrior: false, reads: nil))
                })
        }
        let normalizing = normalizerSide == 0 ? normalizingModel : normalizingEditor
        let normalizer = {
            normalizing.observe(\.text, options: [.new]) { field, change in
                guard let value = change.newValue else { return }
                let normalized = value.uppercased()
                if normalized != value { field.text = normalized }
            }
        }
        let bind = { [normalizingModel, normalizingEditor] in
            normalizingModel.bind(\.text, twoWayTo: normalizingEditor, \.text)
        }
        normalizingTokens += normalizerFirst ? [normalizer(), bind()] : [bind(), normalizer()]
        outcome = StepOutcome()
    }
}
