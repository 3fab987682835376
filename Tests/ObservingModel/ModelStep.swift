import Observing

/// One generated operation, before it is resolved against the state of the world.
///
/// A step names things by slot or by a pick (a number reduced modulo what exists when the step
/// runs), so that any subsequence of steps is still a valid sequence: prefixes replay and a
/// failing sequence can be shrunk by leaving steps out. The reference model resolves a step
/// into a `ModelAction`, which the library's world then carries out as is.
package enum ModelStep {
    /// `observe` on a subject's key path, a child's name, a field or the observable property.
    indirect case observe(ObservationTemplate)
    /// `addObserver` with one of the observer slots, creating its observer if the slot is empty.
    indirect case addObserver(ObserverTemplate)
    /// `removeObserver` for one of the registrations made with `addObserver`.
    case removeObserver(pick: UInt64, variant: RemovalVariant)
    case invalidate(pick: UInt64)
    case dropToken(pick: UInt64)
    case dropObserver(slot: Int)
    /// Drops the subject in `slot` (a new one takes the slot); its `deinit` may set properties.
    case dropSubject(slot: Int, setsInDeinit: Bool)
    case setTitle(subject: Int, value: Int)
    case setMessages(subject: Int, value: [Int])
    /// Replaces the intermediate of the `child?.name` chain.
    case setChild(subject: Int, child: Int?)
    case setName(child: Int, value: Int)
    case setText(field: Int, value: Int)
    case setProperty(value: Int)
    case mutate(subject: Int, mutation: MutationTemplate)
    /// A `mutableSetValue` mutation of a subject's `tags`.
    case mutateTags(subject: Int, mutation: SetMutationTemplate)
    /// `willChangeValue(for:)`, a set of `value` if there is one, `didChangeValue(for:)`; a
    /// step of the test only, never a reaction (a pair begun inside a notification of its key
    /// path is delivered nested).
    case manualPair(subject: Int, keyPath: PairKeyPath, value: Int?)
    case bindOneWay(subject: Int, source: BindingSource, label: Int)
    case dropLabel(slot: Int)
    /// A two-way binding between fields `pair` and `pair + 1` (never a cycle).
    case bindTwoWay(pair: Int)
    /// A set on one side of the two-way binding whose other side normalizes (engine semantics).
    case setNormalized(side: Int, value: Int)
    case observeReplaceable(options: KeyValueObservingOptions)
    /// A set of the replaceable property; with `replacement`, a handler replaces the property's
    /// storage during it (engine semantics).
    case setReplaceable(value: Int, replacement: Int?)
    /// Runs the calls waiting on the delivery queue, in the order they were queued; a step of
    /// the test only (a handler that waits for its own queue would deadlock).
    case drainQueue
    /// `withObservationTracking` reading the tracked object (an `Observable` one too).
    case track(read: TrackedRead)
    /// A set of one of the tracked object's two properties.
    case setTracked(property: Int, value: Int)
    /// A view model over child `child` in view-model slot `slot` (the one there is dropped
    /// first); a step of the test only, as are the other view-model and switching steps.
    case makeViewModel(slot: Int, child: Int)
    /// Drops the view model in `slot`: it deallocates at once.
    case dropViewModel(slot: Int)
    /// A set of the `caption` of the view model in `slot`.
    case setCaption(slot: Int, value: Int)
    /// A set of a stored property of the switching object: `useA` (`value` 0 or 1), `a` or `b`.
    case setSwitching(keyPath: SwitchKeyPath, value: Int)
    /// A manual change pair on the switching object's `a` or `b`, during whose
    /// `willChangeValue(for:)` a prior handler registered last sets `useA` to its opposite
    /// `toggles` times; then the set of `value`, if there is one, and `didChangeValue(for:)`.
    case switchingPair(keyPath: SwitchKeyPath, toggles: Int, value: Int?)
}

/// What an `observe` step registers.
package struct ObservationTemplate {
    var place: PlaceTemplate
    var options: KeyValueObservingOptions
    var isQueued: Bool
    var reaction: ReactionTemplate?

    package init(
        place: PlaceTemplate, options: KeyValueObservingOptions, isQueued: Bool, reaction: ReactionTemplate?
    ) {
        self.place = place
        self.options = options
        self.isQueued = isQueued
        self.reaction = reaction
    }
}

/// What an `addObserver` step registers.
package struct ObserverTemplate {
    var slot: Int
    var subject: Int
    var keyPath: SubjectKeyPath
    var options: KeyValueObservingOptions
    /// One of the three contexts, or `nil`.
    var context: Int?
    var reaction: ReactionTemplate?
}

/// Where an `observe` step registers, by slot.
package enum PlaceTemplate {
    case subject(Int, SubjectKeyPath)
    case child(Int)
    case field(Int)
    case property
    /// A key path of the view model in a view-model slot.
    case viewModel(Int, ViewModelKeyPath)
    /// A key path of the switching object.
    case switching(SwitchKeyPath)
}

/// The key paths of a subject the model observes: stored properties, a computed property over
/// two of them, a chain through the subject's child, and a plain property notified by hand.
///
/// Counts and listings follow `allCases` order: new cases go at the end.
package enum SubjectKeyPath: Int, CaseIterable, Hashable {
    case title
    case messages
    /// `\.summary`, computed from `title` and `messages`.
    case summary
    /// `\.child?.name`.
    case chain
    /// An `@Observed` set, mutated through `mutableSetValue`.
    case tags
    /// A plain property (not `@Observed`), notified by manual change pairs only.
    case note

    var name: String {
        switch self {
        case .title: "title"
        case .messages: "messages"
        case .summary: "summary"
        case .chain: "child?.name"
        case .tags: "tags"
        case .note: "note"
        }
    }

    /// Whether the key path names one stored property (a direct registration); `note` counts
    /// as one: its registrations sit in one list, which its pairs notify.
    var isStored: Bool {
        switch self {
        case .title, .messages, .tags, .note: true
        case .summary, .chain: false
        }
    }
}

/// The key paths a manual change pair notifies: an `@Observed` property, and the plain one.
package enum PairKeyPath: Hashable {
    case title
    case note

    var keyPath: SubjectKeyPath {
        switch self {
        case .title: .title
        case .note: .note
        }
    }
}

/// What a one-way binding reads.
package enum BindingSource: Hashable {
    case title
    case summary
    case note

    var keyPath: SubjectKeyPath {
        switch self {
        case .title: .title
        case .summary: .summary
        case .note: .note
        }
    }
}

/// How a `removeObserver` step names the registration it removes.
package enum RemovalVariant: CaseIterable {
    /// Its observer, key path and context.
    case exact
    /// Another context than the one it registered with.
    case wrongContext
    /// No context.
    case nilContext
    /// Another key path.
    case otherKeyPath
}

/// When a reaction fires: at the first call of its registration in that phase.
package enum ReactionPhase: Hashable {
    case initial
    case prior
    case after
}

/// Something a handler does once, from inside the library's notification.
package struct ReactionTemplate {
    var phase: ReactionPhase
    var action: ModelStep

    package init(phase: ReactionPhase, action: ModelStep) {
        self.phase = phase
        self.action = action
    }
}

/// A `mutableArrayValue` mutation of a subject's `messages`, positions picked when it runs.
package enum MutationTemplate {
    case append(letter: Int)
    /// Removes the last element (`remove(at: count - 1)`).
    case removeLast
    case insert(count: Int, pick: UInt64, letter: Int)
    case remove(count: Int, pick: UInt64)
    case replace(count: Int, pick: UInt64, letter: Int)
}

/// A `mutableSetValue` mutation of a subject's `tags`, with letters of `ModelValues.letters`.
package enum SetMutationTemplate {
    case insert(letter: Int)
    case remove(letter: Int)
    /// One or two letters.
    case formUnion(letters: [Int])
    case subtract(letters: [Int])
    case formIntersection(letters: [Int])
    case removeAll
}
