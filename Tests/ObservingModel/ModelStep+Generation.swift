import Observing

/// The small value domains of the model: few values, so that equal values (for
/// `.removeDuplicates`) and repeated registrations come up often.
enum ModelValues {
    static let titles = ["", "a", "b", "ab", "B"]
    static let letters = ["a", "b", "c", "d"]
    static let notes = ["", "u", "v"]
    static let names = ["x", "y", "X"]
    static let texts = ["", "p", "q"]
    static let normalizedInputs = ["typed", "Mixed", "UP", "x"]
    static let replacements = ["r1", "r2"]
    static let replaceableValues = ["n1", "n2", "n1"]
    static let subjectSlots = 2
    static let childCount = 3
    static let fieldCount = 3
    static let labelSlots = 2
    static let observerSlots = 3
    static let contextCount = 3
    /// What a subject's `deinit` sets, when it sets anything.
    static let closedTitle = "closed"
    static let closedLetter = "z"
}

extension ModelStep {
    /// Makes the steps of one sequence from `generator`.
    static func sequence(count: Int, using generator: inout some ModelRandomSource) -> [ModelStep] {
        (0..<count).map { _ in topLevel(using: &generator) }
    }

    /// A step made by the test itself, not by a handler.
    static func topLevel(using generator: inout some ModelRandomSource) -> ModelStep {
        let roll = generator.below(1_150)
        switch roll {
        case 0..<190: return .observe(observation(using: &generator, allowsReaction: true))
        case 190..<290: return .addObserver(observer(using: &generator, allowsReaction: true))
        case 290..<335: return .removeObserver(pick: generator.next(), variant: removal(using: &generator))
        case 335..<375: return .invalidate(pick: generator.next())
        case 375..<395: return .dropToken(pick: generator.next())
        case 395..<410: return .dropObserver(slot: generator.below(ModelValues.observerSlots))
        case 410..<420:
            return .dropSubject(
                slot: generator.below(ModelValues.subjectSlots), setsInDeinit: generator.chance(60))
        case 420..<440:
            return .bindOneWay(
                subject: generator.below(ModelValues.subjectSlots),
                source: [.title, .title, .summary, .summary, .note][generator.below(5)],
                label: generator.below(ModelValues.labelSlots))
        case 440..<450: return .dropLabel(slot: generator.below(ModelValues.labelSlots))
        case 450..<465: return .bindTwoWay(pair: generator.below(ModelValues.fieldCount - 1))
        case 465..<485:
            return .setNormalized(
                side: generator.below(2), value: generator.below(ModelValues.normalizedInputs.count))
        case 485..<495: return .observeReplaceable(options: options(using: &generator))
        case 495..<515:
            return .setReplaceable(
                value: generator.below(ModelValues.replaceableValues.count),
                replacement: generator.chance(50) ? generator.below(ModelValues.replacements.count) : nil)
        case 515..<560:
            let isTitle = generator.chance(50)
            let values = isTitle ? ModelValues.titles.count : ModelValues.notes.count
            return .manualPair(
                subject: generator.below(ModelValues.subjectSlots), keyPath: isTitle ? .title : .note,
                value: generator.chance(70) ? generator.below(values) : nil)
        case 560..<600: return .drainQueue
        case 600..<620: return .track(read: trackedRead(using: &generator))
        case 620..<650: return trackedSet(using: &generator)
        case 1_000..<1_090: return viewModelStep(using: &generator)
        case 1_090..<1_150: return switchingStep(using: &generator)
        default: return write(using: &generator)
        }
    }

    /// A set, a mutation, or (rarely) a registration change: what a handler does.
    static func reaction(using generator: inout some ModelRandomSource) -> ModelStep {
        switch generator.below(100) {
        case 0..<12: return .observe(observation(using: &generator, allowsReaction: false))
        case 12..<20: return .addObserver(observer(using: &generator, allowsReaction: false))
        case 20..<28: return .removeObserver(pick: generator.next(), variant: removal(using: &generator))
        case 28..<38: return .invalidate(pick: generator.next())
        case 38..<42: return .dropToken(pick: generator.next())
        // An observer dropped from a callback, its own included: it lives until that returns.
        case 42..<45: return .dropObserver(slot: generator.below(ModelValues.observerSlots))
        // Observation's side, from inside a KVO-style callback.
        case 45..<47: return .track(read: trackedRead(using: &generator))
        case 47..<51: return trackedSet(using: &generator)
        default: return write(using: &generator)
        }
    }

    private static func write(using generator: inout some ModelRandomSource) -> ModelStep {
        let subject = generator.below(ModelValues.subjectSlots)
        switch generator.below(100) {
        case 0..<32: return .setTitle(subject: subject, value: generator.below(ModelValues.titles.count))
        case 32..<40:
            return .setMessages(
                subject: subject,
                value: (0..<generator.below(4)).map { _ in generator.below(ModelValues.letters.count) })
        case 40..<58: return .mutate(subject: subject, mutation: mutation(using: &generator))
        case 58..<72: return .mutateTags(subject: subject, mutation: setMutation(using: &generator))
        case 72..<79:
            return .setChild(
                subject: subject, child: generator.chance(25) ? nil : generator.below(ModelValues.childCount))
        case 79..<85:
            return .setName(
                child: generator.below(ModelValues.childCount),
                value: generator.below(ModelValues.names.count))
        case 85..<92:
            return .setText(
                field: generator.below(ModelValues.fieldCount),
                value: generator.below(ModelValues.texts.count))
        default: return .setProperty(value: generator.below(4))
        }
    }

    private static func mutation(using generator: inout some ModelRandomSource) -> MutationTemplate {
        let count = generator.chance(70) ? 1 : 2
        switch generator.below(5) {
        case 3: return .append(letter: generator.below(ModelValues.letters.count))
        case 4: return .removeLast
        case 0:
            return .insert(
                count: count, pick: generator.next(), letter: generator.below(ModelValues.letters.count))
        case 1: return .remove(count: count, pick: generator.next())
        default:
            return .replace(
                count: count, pick: generator.next(), letter: generator.below(ModelValues.letters.count))
        }
    }

    /// Letters from a domain of four, so that mutations that change nothing come up often.
    private static func setMutation(using generator: inout some ModelRandomSource) -> SetMutationTemplate {
        let letters = (0..<(generator.chance(60) ? 1 : 2)).map { _ in
            generator.below(ModelValues.letters.count)
        }
        switch generator.below(8) {
        case 0, 1: return .insert(letter: letters[0])
        case 2, 3: return .remove(letter: letters[0])
        case 4: return .formUnion(letters: letters)
        case 5: return .subtract(letters: letters)
        case 6: return .formIntersection(letters: letters)
        default: return .removeAll
        }
    }

    private static func observation(using generator: inout some ModelRandomSource, allowsReaction: Bool)
        -> ObservationTemplate
    {
        let place: PlaceTemplate
        switch generator.below(100) {
        case 0..<68: place = .subject(generator.below(ModelValues.subjectSlots), keyPath(using: &generator))
        case 68..<77: place = .child(generator.below(ModelValues.childCount))
        case 77..<86: place = .field(generator.below(ModelValues.fieldCount))
        default: place = .property
        }
        let options = options(using: &generator)
        // Field observers never react: a handler that writes a bound field from inside the
        // binding's own write is the normalizing case, which has its own step. A queued
        // handler reacts when a drain step runs it, on the queue.
        let canReact: Bool
        if case .field = place { canReact = false } else { canReact = allowsReaction }
        let isQueued = generator.chance(12)
        return ObservationTemplate(
            place: place, options: options, isQueued: isQueued,
            reaction: canReact && generator.chance(45)
                ? reactionTemplate(options: options, using: &generator) : nil)
    }

    private static func observer(using generator: inout some ModelRandomSource, allowsReaction: Bool)
        -> ObserverTemplate
    {
        let options = options(using: &generator)
        let context = generator.below(ModelValues.contextCount + 1)
        let slot = generator.below(ModelValues.observerSlots)
        let subject = generator.below(ModelValues.subjectSlots)
        let keyPath = keyPath(using: &generator)
        return ObserverTemplate(
            slot: slot, subject: subject, keyPath: keyPath, options: options,
            context: context == ModelValues.contextCount ? nil : context,
            reaction: allowsReaction && generator.chance(40)
                ? reactionTemplate(options: options, using: &generator) : nil)
    }

    static func reactionTemplate(
        options: KeyValueObservingOptions, using generator: inout some ModelRandomSource
    ) -> ReactionTemplate {
        var phases: [ReactionPhase] = [.after, .after]
        if options.contains(.initial) { phases.append(.initial) }
        if options.contains(.prior) { phases += [.prior, .prior] }
        return ReactionTemplate(
            phase: phases[generator.below(phases.count)], action: reaction(using: &generator))
    }

    private static func keyPath(using generator: inout some ModelRandomSource) -> SubjectKeyPath {
        switch generator.below(100) {
        case 0..<32: .title
        case 32..<52: .messages
        case 52..<64: .summary
        case 64..<80: .chain
        case 80..<90: .tags
        default: .note
        }
    }

    static func options(using generator: inout some ModelRandomSource) -> KeyValueObservingOptions {
        var options: KeyValueObservingOptions = []
        if generator.chance(70) { options.insert(.new) }
        if generator.chance(55) { options.insert(.old) }
        if generator.chance(30) { options.insert(.initial) }
        if generator.chance(35) { options.insert(.prior) }
        if generator.chance(25) { options.insert(.removeDuplicates) }
        return options
    }

    private static func removal(using generator: inout some ModelRandomSource) -> RemovalVariant {
        switch generator.below(10) {
        case 0..<5: .exact
        case 5..<7: .wrongContext
        case 7..<9: .nilContext
        default: .otherKeyPath
        }
    }
}
