import Observing

extension ReferenceModel {
    /// Resolves a step against the current state: picks become identities, slots become the
    /// objects in them, value indexes become values.
    ///
    /// While the engine's semantics are off, a set of a storage that is sending its prior
    /// notifications (or has sets deferred from them) resolves to nothing.
    func resolve(_ step: ModelStep) -> ModelAction {
        switch step {
        case .observe(let template): return resolveObservation(template)
        case .addObserver(let template): return resolveObserver(template)
        case .removeObserver(let pick, let variant): return resolveRemoval(pick: pick, variant: variant)
        case .invalidate(let pick):
            return pickToken(pick).map { .invalidate(token: $0) } ?? .nothing("no token")
        case .dropToken(let pick):
            return pickToken(pick).map { .dropToken(token: $0) } ?? .nothing("no token")
        case .dropObserver(let slot):
            return observerSlots[slot].map { .dropObserver(observer: $0) }
                ?? .nothing("observer slot \(slot) is empty")
        case .dropSubject(let slot, let setsInDeinit):
            let subject = subjectSlots[slot]
            // A set in `deinit` with a queue-delivered observer is the engine's to decide.
            let isSafe = isEngineSemanticsOn || !hasQueuedStoredRegistration(on: subject)
            return .dropSubject(
                slot: slot, subject: subject, replacement: makeID(), setsInDeinit: setsInDeinit && isSafe)
        case .setTitle(let slot, let value):
            return resolveWrite(.title(subject: subjectSlots[slot], ModelValues.titles[value]))
        case .setMessages(let slot, let value):
            return resolveWrite(.messages(subject: subjectSlots[slot], value.map { ModelValues.letters[$0] }))
        case .setChild(let slot, let child):
            return resolveWrite(.child(subject: subjectSlots[slot], child))
        case .setName(let child, let value):
            return resolveWrite(.name(child: child, ModelValues.names[value]))
        case .setText(let field, let value):
            return resolveWrite(.text(field: field, ModelValues.texts[value]))
        case .setProperty(let value):
            return .write(.property(value))
        case .mutate(let slot, let mutation):
            return resolveMutation(subject: subjectSlots[slot], mutation)
        case .mutateTags(let slot, let mutation):
            return resolveSetMutation(subject: subjectSlots[slot], mutation)
        case .manualPair(let slot, let keyPath, let value):
            let subject = subjectSlots[slot]
            if let reason = deferralReason(for: storage(of: subject, keyPath)) { return .nothing(reason) }
            let values = keyPath == .title ? ModelValues.titles : ModelValues.notes
            return .manualPair(subject: subject, keyPath: keyPath, value: value.map { values[$0] })
        case .bindOneWay(let slot, let source, let labelSlot):
            let label = labelSlots[labelSlot]
            return .bindOneWay(
                token: makeID(), subject: subjectSlots[slot], source: source, label: label ?? makeID(),
                labelSlot: labelSlot, createsLabel: label == nil)
        case .dropLabel(let slot):
            return labelSlots[slot].map { .dropLabel(label: $0) } ?? .nothing("label slot \(slot) is empty")
        case .bindTwoWay(let pair):
            if let token = twoWayBindings[pair], tokens[token] != nil, isValid(token: token) {
                return .nothing("f\(pair) and f\(pair + 1) are already bound")
            }
            return .bindTwoWay(token: makeID(), pair: pair)
        case .setNormalized(let side, let value):
            guard isEngineSemanticsOn else {
                return .nothing("normalizing two-way binding: engine semantics pending")
            }
            return .setNormalized(side: side, value: ModelValues.normalizedInputs[value])
        case .observeReplaceable(let options):
            return .observeReplaceable(token: makeID(), options: options)
        case .setReplaceable(let value, let replacement):
            return .setReplaceable(
                value: ModelValues.replaceableValues[value],
                replacement: isEngineSemanticsOn ? replacement.map { ModelValues.replacements[$0] } : nil)
        case .drainQueue: return .drainQueue
        case .track(let read): return .track(tracker: makeID(), read: read)
        case .setTracked(let property, let value):
            return .setTracked(property: property, value: ModelValues.trackedValues[value])
        case .makeViewModel(let slot, let child):
            return .makeViewModel(
                slot: slot, viewModel: makeID(), child: child, replacing: viewModelSlots[slot])
        case .dropViewModel(let slot):
            return occupiedViewModelSlot(from: slot).map {
                .dropViewModel(slot: $0, viewModel: viewModelSlots[$0] ?? 0)
            } ?? .nothing("no view model")
        case .setCaption(let slot, let value):
            guard let slot = occupiedViewModelSlot(from: slot), let viewModel = viewModelSlots[slot] else {
                return .nothing("no view model")
            }
            return resolveWrite(.caption(viewModel: viewModel, ModelValues.texts[value]))
        case .setSwitching(let keyPath, let value):
            return resolveWrite(
                keyPath == .useA ? .useA(value == 1) : .switched(keyPath, ModelValues.texts[value]))
        case .switchingPair(let keyPath, let toggles, let value):
            return .switchingPair(
                keyPath: keyPath, flipper: makeID(), toggles: toggles,
                value: value.map { ModelValues.texts[$0] })
        }
    }

    private func resolveObservation(_ template: ObservationTemplate) -> ModelAction {
        let place: ModelPlace
        switch template.place {
        case .subject(let slot, let keyPath): place = .subject(subjectSlots[slot], keyPath)
        case .child(let child): place = .child(child)
        case .field(let field): place = .field(field)
        case .property: place = .property
        case .viewModel(let slot, let keyPath):
            guard let slot = occupiedViewModelSlot(from: slot), let viewModel = viewModelSlots[slot] else {
                return .nothing("no view model")
            }
            place = .viewModel(viewModel, keyPath)
        case .switching(let keyPath): place = .switching(keyPath)
        }
        let token = makeID()
        let reaction = template.reaction.map {
            ModelReaction(id: makeID(), phase: $0.phase, template: $0.action)
        }
        return .observe(
            RegistrationPlan(
                token: token, place: place, options: template.options, isQueued: template.isQueued,
                reaction: reaction))
    }

    private func resolveObserver(_ template: ObserverTemplate) -> ModelAction {
        let existing = observerSlots[template.slot]
        let observer = existing ?? makeID()
        let reaction = template.reaction.map {
            ModelReaction(id: makeID(), phase: $0.phase, template: $0.action)
        }
        return .addObserver(
            ObserverPlan(
                observer: observer, slot: template.slot, createsObserver: existing == nil,
                subject: subjectSlots[template.subject], keyPath: template.keyPath, options: template.options,
                context: template.context, reaction: reaction))
    }

    /// Picks one of the `addObserver` registrations whose observer and subject are alive.
    ///
    /// The registration may already be removed; it is named as `variant` says. An observer
    /// dropped while one of its calls runs is alive but cannot be named: the program no longer
    /// holds it.
    private func resolveRemoval(pick: UInt64, variant: RemovalVariant) -> ModelAction {
        let candidates = registrations.values.filter { registration in
            guard case .observer(let observer, _) = registration.owner, observers.contains(observer),
                !observersDroppedInCall.contains(observer),
                case .subject(let subject, _) = registration.place, subjects[subject]?.phase == .alive,
                subjectSlots.contains(subject)
            else { return false }
            return true
        }.sorted { $0.id < $1.id }
        guard !candidates.isEmpty else { return .nothing("no observer registration") }
        let chosen = candidates[Int(pick % UInt64(candidates.count))]
        guard case .observer(let observer, let context) = chosen.owner,
            case .subject(let subject, let keyPath) = chosen.place
        else { return .nothing("not an observer registration") }
        let removal: (keyPath: SubjectKeyPath, context: Int?)
        switch variant {
        case .exact: removal = (keyPath, context)
        case .wrongContext: removal = (keyPath, context.map { ($0 + 1) % ModelValues.contextCount } ?? 0)
        case .nilContext: removal = (keyPath, nil)
        case .otherKeyPath:
            let others = SubjectKeyPath.allCases.filter { $0 != keyPath }
            removal = (others[Int(pick % UInt64(others.count))], context)
        }
        return .removeObserver(
            observer: observer, subject: subject, keyPath: removal.keyPath, context: removal.context)
    }

    private func resolveWrite(_ write: ModelWrite) -> ModelAction {
        if let reason = deferralReason(for: storage(of: write)) { return .nothing(reason) }
        return .write(write)
    }

    private func resolveMutation(subject: Int, _ template: MutationTemplate) -> ModelAction {
        if let reason = deferralReason(for: .messages(subject)) { return .nothing(reason) }
        // A mutation builds on the latest value, including sets not stored yet (engine semantics).
        let count = latestValue(of: .messages(subject)).list.count
        switch template {
        case .append(let letter):
            return .mutate(subject: subject, mutation: .insert([ModelValues.letters[letter]], at: [count]))
        case .removeLast:
            guard count > 0 else { return .nothing("s\(subject).messages is empty") }
            return .mutate(subject: subject, mutation: .remove(at: [count - 1]))
        case .insert(let insertions, let pick, let letter):
            let indexes = SplitMix64.distinctPositions(insertions, in: count + insertions, pick: pick)
            let elements = (0..<insertions).map {
                ModelValues.letters[(letter + $0) % ModelValues.letters.count]
            }
            return .mutate(subject: subject, mutation: .insert(elements, at: indexes))
        case .remove(let removals, let pick):
            guard count > 0 else { return .nothing("s\(subject).messages is empty") }
            return .mutate(
                subject: subject,
                mutation: .remove(
                    at: SplitMix64.distinctPositions(min(removals, count), in: count, pick: pick)))
        case .replace(let replacements, let pick, let letter):
            guard count > 0 else { return .nothing("s\(subject).messages is empty") }
            let indexes = SplitMix64.distinctPositions(min(replacements, count), in: count, pick: pick)
            let elements = indexes.indices.map {
                ModelValues.letters[(letter + $0) % ModelValues.letters.count]
            }
            return .mutate(subject: subject, mutation: .replace(at: indexes, with: elements))
        }
    }

    private func resolveSetMutation(subject: Int, _ template: SetMutationTemplate) -> ModelAction {
        if let reason = deferralReason(for: .tags(subject)) { return .nothing(reason) }
        let letters = { (indexes: [Int]) in Set(indexes.map { ModelValues.letters[$0] }) }
        let mutation: SetMutation =
            switch template {
            case .insert(let letter): .insert(ModelValues.letters[letter])
            case .remove(let letter): .remove(ModelValues.letters[letter])
            case .formUnion(let indexes): .formUnion(letters(indexes))
            case .subtract(let indexes): .subtract(letters(indexes))
            case .formIntersection(let indexes): .formIntersection(letters(indexes))
            case .removeAll: .removeAll
            }
        return .mutateTags(subject: subject, mutation: mutation)
    }

    /// The first view-model slot from `slot` on (wrapping around) that holds a view model.
    private func occupiedViewModelSlot(from slot: Int) -> Int? {
        let count = viewModelSlots.count
        return (0..<count).map { (slot + $0) % count }.first { viewModelSlots[$0] != nil }
    }

    /// The storage a manual change pair of `keyPath` on `subject` notifies.
    func storage(of subject: Int, _ keyPath: PairKeyPath) -> Storage {
        switch keyPath {
        case .title: .title(subject)
        case .note: .note(subject)
        }
    }

    /// Why a set of `storage` now is skipped: it is the engine's to decide, while its semantics
    /// are off (it comes from a prior callback of that storage, or follows one that did); or
    /// it comes from a prior callback of a manual pair that sets a value, while the order of
    /// the two sets is not settled.
    func deferralReason(for storage: Storage?) -> String? {
        if !ModelBasedConfiguration.isPairSetOrderSettled, let storage, let delivery = deliveries[storage],
            delivery.isInPrior, delivery.inFlightChange?.isPairWithSet == true
        {
            return "a set from a prior callback of a manual pair that sets a value: order not settled"
        }
        guard !isEngineSemanticsOn, let storage, let delivery = deliveries[storage] else { return nil }
        guard delivery.isDelivering, delivery.isInPrior || !delivery.deferred.isEmpty else { return nil }
        return "a set from a prior callback: engine semantics pending"
    }

    func storage(of write: ModelWrite) -> Storage? {
        switch write {
        case .title(let subject, _): .title(subject)
        case .messages(let subject, _): .messages(subject)
        case .child(let subject, _): .child(subject)
        case .name(let child, _): .name(child)
        case .text(let field, _): .text(field)
        case .caption(let viewModel, _): .caption(viewModel)
        case .useA: .switching(.useA)
        case .switched(let keyPath, _): .switching(keyPath)
        case .property: nil
        }
    }

    private func pickToken(_ pick: UInt64) -> Int? {
        guard !tokens.isEmpty else { return nil }
        let held = tokens.keys.sorted()
        return held[Int(pick % UInt64(held.count))]
    }

    private func hasQueuedStoredRegistration(on subject: Int) -> Bool {
        registrations.values.contains { registration in
            guard registration.isActive, registration.owner == .token(isQueued: true),
                case .subject(subject, let keyPath) = registration.place
            else { return false }
            return keyPath.isStored
        }
    }
}
