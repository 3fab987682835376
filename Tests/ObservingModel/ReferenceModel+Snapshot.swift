import Observing

extension ReferenceModel {
    /// The observable state the library must match after a step: values, `observerCount(for:)`
    /// of every key path, and `isValid` of every token the test holds.
    func snapshot() -> WorldState {
        var state = WorldState()
        for subject in subjectSlots {
            let values = subjects[subject] ?? Subject()
            state.subjects.append(
                WorldState.Subject(
                    id: subject, title: values.title, messages: values.messages, tags: values.tags,
                    note: values.note, child: values.child,
                    counts: SubjectKeyPath.allCases.map { observerCount(storages(of: subject, $0)) }
                        + [observerCount([.child(subject)])]))
        }
        state.childNames = childNames
        state.childCounts = (0..<ModelValues.childCount).map { observerCount([.name($0)]) }
        state.fieldTexts = fieldTexts
        state.fieldCounts = (0..<ModelValues.fieldCount).map { observerCount([.text($0)]) }
        state.labels = labels
        state.property = property.value
        state.propertyCount = property.entries.count
        state.replaceable = replaceable.value
        state.replaceableCount = observerCount([.replaceable(replaceable.generation)])
        state.normalized = [normalizedText, normalizedText]
        for token in tokens.keys {
            state.tokens[token] = isValid(token: token)
        }
        state.alive = Set(heldDrops.keys.map { "s\($0)" })
        state.probes = liveProbes()
        state.tracked = tracked
        state.viewModels = viewModelStates()
        (state.switching, state.switchingCounts) = switchingState()
        return state
    }

    /// The number of distinct live registrations on these storages.
    func observerCount(_ storages: [Storage]) -> Int {
        if storages.count == 1 {
            // A registration has at most one entry per storage.
            return (lists[storages[0]] ?? []).count { entry in
                entry.isActive && registrations[entry.registration].map(isLive) == true
            }
        }
        var counted = Set<Int>()
        for storage in storages {
            for entry in lists[storage] ?? [] where entry.isActive {
                if let registration = registrations[entry.registration], isLive(registration) {
                    counted.insert(registration.id)
                }
            }
        }
        return counted.count
    }

    /// Active, on a live object, and with its observer or binding target alive.
    func isLive(_ registration: Registration) -> Bool {
        guard isValid(registration: registration.id) else { return false }
        // A view model's observation of `lowered` that outlives it is not counted.
        if case .viewModel(let viewModel, _) = registration.place, viewModels[viewModel]?.isAlive != true {
            return false
        }
        switch registration.owner {
        case .observer(let observer, _): return observers.contains(observer)
        case .oneWay(let label): return labels[label] != nil
        default: return true
        }
    }

    /// What `isValid` of a registration's token reads: active, and its object alive.
    func isValid(registration id: Int) -> Bool {
        guard let registration = registrations[id], registration.isActive else { return false }
        switch registration.place {
        case .subject(let subject, _): return subjects[subject]?.phase == .alive
        case .replaceable: return registration.generation == replaceable.generation
        default: return true
        }
    }

    func isValid(token: Int) -> Bool {
        (tokens[token] ?? []).allSatisfy { isValid(registration: $0) }
    }
}
