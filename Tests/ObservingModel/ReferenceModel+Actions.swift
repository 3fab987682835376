import Observing

extension ReferenceModel {
    /// Carries out a resolved action on the model.
    func execute(_ action: ModelAction) {
        switch action {
        case .nothing: break
        case .observe(let plan): observe(plan)
        case .addObserver(let plan): addObserver(plan)
        case .removeObserver(let observer, let subject, let keyPath, let context):
            let removed = removeObserver(observer, subject: subject, keyPath: keyPath, context: context)
            outcome.results.append("\(action) -> \(removed)")
        case .invalidate(let token):
            for registration in tokens[token] ?? [] { end(registration) }
        case .dropToken(let token):
            for registration in tokens[token] ?? [] { end(registration) }
            tokens[token] = nil
        case .dropObserver(let observer):
            if observerCallDepth[observer, default: 0] > 0 {
                observersDroppedInCall.insert(observer)
            } else {
                observers.remove(observer)
            }
            observerReactions[observer] = nil
            if let slot = observerSlots.firstIndex(of: observer) { observerSlots[slot] = nil }
        case .dropSubject(let slot, let subject, let replacement, let setsInDeinit):
            dropSubject(slot: slot, subject: subject, replacement: replacement, setsInDeinit: setsInDeinit)
        case .write(let write): perform(write)
        case .mutate(let subject, let mutation): mutate(subject: subject, mutation)
        case .mutateTags(let subject, let mutation):
            if let result = mutateTags(subject: subject, mutation) {
                outcome.results.append("\(action) -> \(result)")
            }
        case .manualPair(let subject, let keyPath, let value):
            manualPair(storage(of: subject, keyPath), value: value)
        case .bindOneWay(let token, let subject, let source, let label, let labelSlot, let createsLabel):
            if createsLabel {
                labels[label] = ""
                labelSlots[labelSlot] = label
            }
            let registration = Registration(
                id: token, owner: .oneWay(label: label),
                place: .subject(subject, source.keyPath), options: [.initial, .new])
            start(registration)
            tokens[token] = [token]
        case .dropLabel(let label):
            labels[label] = nil
            if let slot = labelSlots.firstIndex(of: label) { labelSlots[slot] = nil }
        case .bindTwoWay(let token, let pair):
            bindTwoWay(token: token, pair: pair)
        case .setNormalized(let side, let value):
            setNormalized(side: side, value: value)
        case .observeReplaceable(let token, let options):
            let registration = Registration(
                id: token, owner: .token(isQueued: false), place: .replaceable, options: options)
            start(registration)
            tokens[token] = [token]
        case .setReplaceable(let value, let replacement):
            setReplaceable(value: value, replacement: replacement)
        case .drainQueue: drainQueue()
        case .track(let tracker, let read): trackers.append((tracker, read))
        case .setTracked(let property, let value): setTracked(property, value)
        case .makeViewModel(let slot, let viewModel, let child, let replacing):
            if let replacing { dropViewModel(slot: slot, viewModel: replacing) }
            viewModels[viewModel] = ViewModel(child: child)
            viewModelSlots[slot] = viewModel
        case .dropViewModel(let slot, let viewModel): dropViewModel(slot: slot, viewModel: viewModel)
        case .switchingPair(let keyPath, let flipper, let toggles, let value):
            switchingPair(keyPath, flipper: flipper, toggles: toggles, value: value)
        }
    }

    private func observe(_ plan: RegistrationPlan) {
        let registration = Registration(
            id: plan.token, owner: .token(isQueued: plan.isQueued), place: plan.place, options: plan.options)
        registration.reaction = plan.reaction
        probed.insert(plan.token)
        // The token is the caller's once `observe` returns: not during the initial call.
        start(registration)
        tokens[plan.token] = [plan.token]
    }

    private func addObserver(_ plan: ObserverPlan) {
        if plan.createsObserver {
            observers.insert(plan.observer)
            observerSlots[plan.slot] = plan.observer
        }
        if let reaction = plan.reaction { observerReactions[plan.observer] = reaction }
        let registration = Registration(
            id: makeID(), owner: .observer(plan.observer, context: plan.context),
            place: .subject(plan.subject, plan.keyPath), options: plan.options)
        start(registration)
    }

    /// Adds the registration to its storages' lists, then makes its initial call.
    func start(_ registration: Registration) {
        registrations[registration.id] = registration
        if registration.place == .property {
            startOnProperty(registration)
            return
        }
        if registration.place == .replaceable { registration.generation = replaceable.generation }
        if case .viewModel(let viewModel, let keyPath) = registration.place {
            prepare(registration, on: viewModel, keyPath)
        }
        let (value, raw, storages) = evaluate(registration.place)
        registration.lastValue = value
        rewire(registration, to: storages)
        if registration.options.contains(.initial) {
            deliver(to: registration, Call(new: value, rawNew: raw), phase: .initial)
        }
    }

    /// Removes the most recent live registration of `observer` for exactly this key path and
    /// context, from the list of the key path's first storage.
    private func removeObserver(_ observer: Int, subject: Int, keyPath: SubjectKeyPath, context: Int?) -> Bool
    {
        guard observers.contains(observer), subjects[subject]?.phase == .alive,
            let first = storages(of: subject, keyPath).first
        else { return false }
        for entry in (lists[first] ?? []).reversed() where entry.isActive {
            guard let registration = registrations[entry.registration], isLive(registration),
                registration.owner == .observer(observer, context: context),
                registration.place == .subject(subject, keyPath)
            else { continue }
            end(registration.id)
            return true
        }
        return false
    }

    /// Ends a registration: it receives nothing more and leaves every list at once.
    func end(_ id: Int) {
        guard let registration = registrations[id] else { return }
        registration.isActive = false
        for (storage, entry) in registration.entries {
            entry.isActive = false
            lists[storage]?.removeAll { $0 === entry }
        }
        registration.entries = [:]
        property.entries.removeAll { $0 == id }
    }

    private func dropSubject(slot: Int, subject: Int, replacement: Int, setsInDeinit: Bool) {
        subjects[replacement] = Subject()
        subjectSlots[slot] = replacement
        // "The change and the object are retained until delivered": a subject that calls
        // waiting on the queue hold leaves its slot now, and deinitializes when they have run.
        if isHeldByQueue(subject) {
            heldDrops[subject] = setsInDeinit
            return
        }
        deinitialize(subject, setsInDeinit: setsInDeinit)
    }

    /// A subject's `deinit`: derived observations rooted at it end as it starts, its own
    /// registrations see the sets it makes, then it is gone.
    func deinitialize(_ subject: Int, setsInDeinit: Bool) {
        subjects[subject]?.phase = .deiniting
        if setsInDeinit {
            // The subject's `deinit` sets its title, then appends through `mutableArrayValue`.
            deinitDepth += 1
            performSet(.title(subject), .text(ModelValues.closedTitle))
            let messages = subjects[subject]?.messages ?? []
            performSet(
                .messages(subject), .list(messages + [ModelValues.closedLetter]),
                change: Change(
                    kind: .insertion, indexes: [messages.count], new: .list([ModelValues.closedLetter])))
            deinitDepth -= 1
        }
        subjects[subject]?.phase = .dead
    }

    func perform(_ write: ModelWrite) {
        switch write {
        case .title(let subject, let value): performSet(.title(subject), .text(value))
        case .messages(let subject, let value): performSet(.messages(subject), .list(value))
        case .child(let subject, let child): performSet(.child(subject), .child(child))
        case .name(let child, let value): performSet(.name(child), .text(value))
        case .text(let field, let value): performSet(.text(field), .text(value))
        case .property(let value): setProperty(value)
        case .caption(let viewModel, let value): performSet(.caption(viewModel), .text(value))
        case .useA(let value): performSet(.switching(.useA), .flag(value))
        case .switched(let keyPath, let value): performSet(.switching(keyPath), .text(value))
        }
    }

    /// A `mutableArrayValue` mutation: the whole new array is set, notified as a to-many change
    /// holding only the affected elements.
    private func mutate(subject: Int, _ mutation: ArrayMutation) {
        let storage = Storage.messages(subject)
        var array = latestValue(of: storage).list
        let change: Change
        switch mutation {
        case .insert(let elements, let indexes):
            for (index, element) in zip(indexes, elements) { array.insert(element, at: index) }
            change = Change(kind: .insertion, indexes: Set(indexes), new: .list(elements))
        case .remove(let indexes):
            let removed = indexes.map { array[$0] }
            for index in indexes.reversed() { array.remove(at: index) }
            change = Change(kind: .removal, indexes: Set(indexes), old: .list(removed))
        case .replace(let indexes, let elements):
            let replaced = indexes.map { array[$0] }
            for (index, element) in zip(indexes, elements) { array[index] = element }
            change = Change(
                kind: .replacement, indexes: Set(indexes), old: .list(replaced), new: .list(elements))
        }
        performSet(storage, .list(array), change: change)
    }

    /// A `mutableSetValue` mutation of a subject's `tags`; returns what `insert(_:)` or
    /// `remove(_:)` returns.
    ///
    /// The rule: "Kinds follow `NSKeyValueSetMutationKind`: insert/formUnion is an `.insertion`
    /// whose newValue is the Set of elements actually inserted (oldValue nil);
    /// remove/subtract/formIntersection/removeAll is a `.removal` whose oldValue is the Set of
    /// elements actually removed (newValue nil). A mutation that changes nothing still
    /// notifies: its kind with an empty set. `indexes` is nil. The mutation builds on the latest
    /// value including sets waiting for their store" (as a `mutableArrayValue` mutation does).
    /// So it is a set of the whole new set, notified with the affected elements only.
    private func mutateTags(subject: Int, _ mutation: SetMutation) -> String? {
        let storage = Storage.tags(subject)
        let tags = latestValue(of: storage).set
        let mutated = mutation.applied(to: tags)
        let change =
            mutation.isInsertion
            ? Change(kind: .insertion, new: .set(mutated.subtracting(tags)))
            : Change(kind: .removal, old: .set(tags.subtracting(mutated)))
        performSet(storage, .set(mutated), change: change)
        switch mutation {
        case .insert(let element): return String(!tags.contains(element))
        case .remove(let element): return ModelRender.optional(tags.contains(element) ? element : nil)
        default: return nil
        }
    }

    /// A manual change pair made by the test (never from a handler): `willChangeValue(for:)`,
    /// the set of `value` if there is one, `didChangeValue(for:)`.
    ///
    /// The rule: "A set of an `@Observed` property made inside a pair for the same key path joins
    /// the pair, and sends no notification of its own" (KVO), and "a pair with no set inside
    /// notifies like a set of the current value (old == new)". So a pair begun outside any
    /// notification of its key path delivers exactly what the set delivers: prior calls at
    /// `willChangeValue` with the old value, then after calls at `didChangeValue` to the
    /// registrations of `willChangeValue`; sets from prior callbacks are deferred and stored as
    /// sets of their own once the prior calls are sent (before `didChangeValue`), sets from after
    /// callbacks are queued. The same holds
    /// for `note`, which only pairs notify (see `Storage.note`).
    ///
    /// But for one thing that follows from the order of the calls: `willChangeValue` comes
    /// before the value is set, so its prior calls cannot know the new value, and
    /// `.removeDuplicates` does not skip them, even for a pair that changes nothing (whose
    /// after calls it skips, as a set's).
    private func manualPair(_ storage: Storage, value: String?) {
        let new = value.map(Value.text) ?? read(storage)
        performSet(
            storage, new,
            change: Change(
                old: read(storage), new: new, isNewKnownAtPrior: false, isPairWithSet: value != nil,
                isPair: true))
    }

    /// A two-way binding: the forward direction pushes this side's value at once; then the
    /// backward direction is registered on the other side.
    private func bindTwoWay(token: Int, pair: Int) {
        let forward = Registration(
            id: token, owner: .twoWay(binding: token, target: pair + 1), place: .field(pair),
            options: [.initial, .new])
        let backward = Registration(
            id: makeID(), owner: .twoWay(binding: token, target: pair), place: .field(pair + 1),
            options: [.new])
        twoWayBindings[pair] = token
        start(forward)
        start(backward)
        tokens[token] = [forward.id, backward.id]
    }

    /// The normalizing pair: whichever side is set, both end at the uppercased value, and each
    /// side's recorder sees the value set, then the normalized one if it differs.
    private func setNormalized(side: Int, value: String) {
        let normalized = value.uppercased()
        let seen = value == normalized ? [value] : [value, normalized]
        for recorder in ["n0", "n1"] {
            outcome.calls[recorder, default: []] += seen.map {
                ModelRender.call(
                    kind: .setting, indexes: nil, old: nil, new: ModelRender.text($0), isPrior: false,
                    reads: nil)
            }
        }
        normalizedText = normalized
    }

    /// A set of the replaceable property; with `replacement`, its hidden handler replaces the
    /// property's storage during the set's after-store notification.
    private func setReplaceable(value: String, replacement: String?) {
        replaceable.armed = replacement
        let generation = replaceable.generation
        performSet(.replaceable(generation), .text(value))
        replaceable.armed = nil
        guard replaceable.generation != generation else { return }
        // The registrations on the old storage have ended; a new hidden handler serves the new one.
        for registration in registrations.values
        where registration.place == .replaceable
            && registration.generation == generation
        {
            end(registration.id)
        }
        registerReplacer()
    }

    /// Replaces the replaceable property's storage from a handler of the set in flight.
    func replaceStorage(with value: String) {
        replaceable.generation += 1
        replaceable.value = value
    }

    func registerReplacer() {
        start(Registration(id: makeID(), owner: .replacer, place: .replaceable, options: []))
    }
}
