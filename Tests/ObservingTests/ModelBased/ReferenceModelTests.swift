import Observing
import ObservingModel
import Testing

/// The reference model itself, on cases worked out by hand: it must say what the semantics say
/// before the library is held to it.
@Suite struct ReferenceModelTests {
    /// Two mutations from the prior callbacks of a set of `messages` (append, then remove the
    /// appended element): each is deferred and made as a set of its own, with its own kind and
    /// indexes, building on the value of the set in flight.
    @Test func mutationsFromPriorCallbacksAreDeferredSetsOfTheirOwn() throws {
        let model = ReferenceModel(isEngineSemanticsOn: true)
        let token = try observeMessages(in: model, reaction: .append(letter: 3))
        _ = try observeMessages(in: model, reaction: .removeLast, options: [.prior])

        let (_, outcome, _) = model.run(.setMessages(subject: 0, value: [0, 1, 2]))

        #expect(
            outcome.calls["t\(token)"] == [
                "prior setting old=[] reads=[]",
                "setting old=[] new=[a,b,c] reads=[a,b,c]",
                "prior insertion [3] reads=[a,b,c]",
                "insertion [3] new=[d] reads=[a,b,c,d]",
                "prior removal [3] old=[d] reads=[a,b,c,d]",
                "removal [3] old=[d] reads=[a,b,c]",
            ])
        #expect(outcome.state.subjects.first?.messages == ["a", "b", "c"])
        #expect(outcome.notes.isEmpty)
    }

    /// With the engine's semantics off, the same reactions fire but do nothing.
    @Test func withoutTheEngineSemanticsASetFromAPriorCallbackIsSkipped() throws {
        let model = ReferenceModel(isEngineSemanticsOn: false)
        let token = try observeMessages(in: model, reaction: .append(letter: 3))

        let (_, outcome, resolutions) = model.run(.setMessages(subject: 0, value: [0, 1, 2]))

        #expect(
            outcome.calls["t\(token)"] == [
                "prior setting old=[] reads=[]", "setting old=[] new=[a,b,c] reads=[a,b,c]",
            ])
        #expect(outcome.firedReactions.count == 1)
        let skipped = resolutions.values.allSatisfy { action in
            if case .nothing = action { return true }
            return false
        }
        #expect(skipped)
    }

    /// A set from an after-store callback is stored at once and notified after the notification
    /// in flight: a later observer of the first set already reads it, and the prior call of the
    /// queued set reads the value it stores.
    @Test func aSetFromAnAfterCallbackIsStoredAtOnceAndQueued() throws {
        let model = ReferenceModel(isEngineSemanticsOn: false)
        _ = model.run(
            .observe(
                ObservationTemplate(
                    place: .subject(0, .title), options: [.new], isQueued: false,
                    reaction: ReactionTemplate(phase: .after, action: .setTitle(subject: 0, value: 2)))))
        let (action, _, _) = model.run(
            .observe(
                ObservationTemplate(
                    place: .subject(0, .title), options: [.old, .prior], isQueued: false, reaction: nil)))
        guard case .observe(let plan) = action else { throw ModelTestError.notAnObservation }

        let (_, outcome, _) = model.run(.setTitle(subject: 0, value: 1))

        #expect(
            outcome.calls["t\(plan.token)"] == [
                #"prior setting old="" reads="""#,
                #"setting old="" reads="b""#,
                #"prior setting old="a" reads="b""#,
                #"setting old="a" reads="b""#,
            ])
    }

    /// A top-level manual pair around a set delivers what the set delivers; on `note`, which
    /// is not `@Observed`, too; but its prior call carries no new value, so `.removeDuplicates`
    /// skips only the after call of a pair that changes nothing.
    @Test func aTopLevelManualPairDeliversWhatASetDelivers() throws {
        let model = ReferenceModel(isEngineSemanticsOn: true)
        let options: KeyValueObservingOptions = [.old, .new, .prior, .removeDuplicates]
        let title = try observe(.subject(0, .title), options: options, in: model)
        let note = try observe(.subject(0, .note), options: options, in: model)

        let (_, set, _) = model.run(.setTitle(subject: 0, value: 1))
        let (_, pair, _) = model.run(.manualPair(subject: 0, keyPath: .note, value: 1))
        let (_, unchanged, _) = model.run(.manualPair(subject: 0, keyPath: .title, value: nil))

        #expect(
            set.calls["t\(title)"] == [
                #"prior setting old="" reads="""#, #"setting old="" new="a" reads="a""#,
            ])
        #expect(
            pair.calls["t\(note)"] == [
                #"prior setting old="" reads="""#, #"setting old="" new="u" reads="u""#,
            ])
        // `willChangeValue` cannot know the new value, so `.removeDuplicates` lets the prior
        // call through, and then pairs it with its after call, as KVO always does.
        #expect(
            unchanged.calls["t\(title)"] == [
                #"prior setting old="a" reads="a""#, #"setting old="a" new="a" reads="a""#,
            ])
        #expect(pair.state.subjects.first?.note == "u")
    }

    /// Set mutations report the elements actually inserted or removed, and notify with an
    /// empty set when they change nothing.
    @Test func setMutationsReportTheAffectedElements() throws {
        let model = ReferenceModel(isEngineSemanticsOn: true)
        let token = try observe(.subject(0, .tags), options: [.old, .new, .removeDuplicates], in: model)

        for mutation in [
            SetMutationTemplate.formUnion(letters: [0, 1]), .insert(letter: 0), .subtract(letters: [1, 2]),
            .formIntersection(letters: [3]), .removeAll,
        ] {
            _ = model.run(.mutateTags(subject: 0, mutation: mutation))
        }
        let (_, outcome, _) = model.run(.mutateTags(subject: 0, mutation: .remove(letter: 0)))

        #expect(outcome.calls["t\(token)"] == ["removal old={} reads={}"])
        #expect(outcome.results.last?.hasSuffix("-> nil") == true)
    }

    /// Observes `place` with no reaction and returns the token.
    private func observe(_ place: PlaceTemplate, options: KeyValueObservingOptions, in model: ReferenceModel)
        throws -> Int
    {
        let (action, _, _) = model.run(
            .observe(ObservationTemplate(place: place, options: options, isQueued: false, reaction: nil)))
        guard case .observe(let plan) = action else { throw ModelTestError.notAnObservation }
        return plan.token
    }

    /// Observes the first subject's `messages` with a reaction at its first prior call.
    private func observeMessages(
        in model: ReferenceModel, reaction: MutationTemplate,
        options: KeyValueObservingOptions = [.prior, .old, .new]
    ) throws -> Int {
        let (action, _, _) = model.run(
            .observe(
                ObservationTemplate(
                    place: .subject(0, .messages), options: options, isQueued: false,
                    reaction: ReactionTemplate(phase: .prior, action: .mutate(subject: 0, mutation: reaction))
                )))
        guard case .observe(let plan) = action else { throw ModelTestError.notAnObservation }
        return plan.token
    }
}

private enum ModelTestError: Error {
    case notAnObservation
}
