import Observing

/// What an observation of a view model reads.
package enum ViewModelKeyPath: Hashable {
    /// `\.lowered`, computed: it reads only its source child's `name`, which the view model
    /// reaches through its `let source`.
    case lowered
    /// `\.caption`, the view model's own `@Observed` storage.
    case caption

    var name: String {
        switch self {
        case .lowered: "lowered"
        case .caption: "caption"
        }
    }
}

extension ModelValues {
    static let viewModelSlots = 2
}

extension ModelStep {
    /// A view-model step: make or drop a view model, observe it, set its source or its caption.
    static func viewModelStep(using generator: inout some ModelRandomSource) -> ModelStep {
        let slot = generator.below(ModelValues.viewModelSlots)
        switch generator.below(100) {
        case 0..<28: return .makeViewModel(slot: slot, child: generator.below(ModelValues.childCount))
        case 28..<68:
            let keyPath: ViewModelKeyPath = generator.chance(65) ? .lowered : .caption
            let options = options(using: &generator)
            let reaction = generator.chance(30) ? reactionTemplate(options: options, using: &generator) : nil
            return .observe(
                ObservationTemplate(
                    place: .viewModel(slot, keyPath), options: options, isQueued: false, reaction: reaction))
        case 68..<82:
            return .setName(
                child: generator.below(ModelValues.childCount),
                value: generator.below(ModelValues.names.count))
        case 82..<90: return .setCaption(slot: slot, value: generator.below(ModelValues.texts.count))
        default: return .dropViewModel(slot: slot)
        }
    }
}

extension ReferenceModel {
    /// A view model: its source child, its caption, and where it is in its life.
    struct ViewModel {
        var child: Int
        var caption = ""
        /// Whether `caption` has a registry: made at its first registration, it lives as long
        /// as the view model.
        var hasRegistry = false
        var isAlive = true
    }

    /// Notes what a registration on a view model depends on, as it starts.
    ///
    /// The rule (GettingStarted.md, `ObservationToken.isValid`): a key path that reads only
    /// other objects' storage "ends with its object when one of the object's own `@Observed`
    /// properties is observed when the registration is made". The library looks for a registry
    /// of one: made by the property's first registration, it stays as long as the object, so a
    /// property observed once counts, even if nothing observes it any more (and so would a
    /// property whose `observerCount(for:)` was read, which the library's world avoids: see
    /// `LiveWorld.viewModelStates()`).
    func prepare(_ registration: Registration, on viewModel: Int, _ keyPath: ViewModelKeyPath) {
        switch keyPath {
        case .caption: viewModels[viewModel]?.hasRegistry = true
        case .lowered: registration.isTiedToRootStorage = viewModels[viewModel]?.hasRegistry == true
        }
    }

    /// Drops a view model: it deallocates at once.
    ///
    /// The rules: its own registrations end ("when the object deallocates, its tokens become
    /// invalid and release their handlers"), and so do the observations of `lowered` tied to
    /// its storage. An observation of `lowered` made while no `caption` registry existed cannot
    /// see the end: "the registration stays valid, keeps its handler and its sequence open,
    /// until its token is invalidated or what it reads next changes, and then ends all at once"
    /// (no call for that change: `notify` ends it); it is not counted meanwhile (its root is
    /// gone). Architecture.md adds that the manual-notification table may drop the view model's
    /// entry later, which ends it then: `settle(with:)` accepts that end. The tokens the drop
    /// itself ends are a result of the step, which the library's world reads at once, before
    /// anything else can reach the table.
    func dropViewModel(slot: Int, viewModel: Int) {
        viewModelSlots[slot] = nil
        viewModels[viewModel]?.isAlive = false
        var ended: [Int] = []
        for registration in registrations.values where registration.isActive {
            guard case .viewModel(viewModel, let keyPath) = registration.place,
                keyPath == .caption || registration.isTiedToRootStorage
            else { continue }
            end(registration.id)
            if tokens[registration.id] != nil { ended.append(registration.id) }
        }
        outcome.results.append(
            "dropping v\(viewModel) ends [\(ended.sorted().map { "t\($0)" }.joined(separator: ", "))]")
    }

    /// Accepts the end of the observations of dropped view models that the library ended before
    /// what they read changed (the manual-notification table dropped the view model's entry: when
    /// another object reused its identity, or when the table grew); the token's `isValid` says
    /// so, and the handler's release must agree (the probes are compared afterwards).
    ///
    /// - Returns: The state after those ends, or `nil` if none.
    func settle(with library: WorldState) -> WorldState? {
        var isChanged = false
        for (token, ids) in tokens where library.tokens[token] == false {
            for id in ids {
                guard let registration = registrations[id], registration.isActive,
                    case .viewModel(let viewModel, .lowered) = registration.place,
                    !registration.isTiedToRootStorage, viewModels[viewModel]?.isAlive == false
                else { continue }
                end(id)
                isChanged = true
            }
        }
        guard isChanged else { return nil }
        outcome.state = snapshot()
        return outcome.state
    }

    /// The view models in their slots, as the state lists them.
    func viewModelStates() -> [WorldState.ViewModel?] {
        viewModelSlots.map { slot in
            slot.flatMap { id in
                viewModels[id].map {
                    WorldState.ViewModel(
                        id: id, caption: $0.caption,
                        counts: [
                            observerCount(storages(of: .viewModel(id, .caption))),
                            observerCount(storages(of: .viewModel(id, .lowered))),
                        ])
                }
            }
        }
    }
}

extension LiveWorld {
    func makeViewModel(slot: Int, id: Int, child: Int, replacing: Int?) {
        if let replacing { dropViewModel(slot: slot, id: replacing) }
        viewModels[id] = ModelViewModel(id: id, source: children[child])
        viewModelSlots[slot] = id
    }

    /// Lets the view model go (`track` checks that it deallocates), and reports which of the
    /// valid tokens observing it turn invalid with its release.
    func dropViewModel(slot: Int, id: Int) {
        viewModelSlots[slot] = nil
        let rooted = (viewModelTokens.removeValue(forKey: id) ?? []).filter { tokens[$0]?.isValid == true }
        do {
            let viewModel = viewModels.removeValue(forKey: id)
            track(viewModel, as: "v\(id)")
        }
        let ended = rooted.filter { tokens[$0]?.isValid == false }
        outcome.results.append(
            "dropping v\(id) ends [\(ended.sorted().map { "t\($0)" }.joined(separator: ", "))]")
    }

    func observe(_ plan: RegistrationPlan, viewModel id: Int, _ keyPath: ViewModelKeyPath)
        -> ObservationToken?
    {
        guard let viewModel = viewModels[id] else {
            outcome.notes.append("no v\(id) to observe")
            return nil
        }
        viewModelTokens[id, default: []].append(plan.token)
        switch keyPath {
        case .lowered:
            return viewModel.observe(
                \.lowered, options: plan.options,
                changeHandler: handler(plan) { ModelRender.text($0.lowered) })
        case .caption:
            observedCaptions.insert(id)
            return viewModel.observe(
                \.caption, options: plan.options,
                changeHandler: handler(plan) { ModelRender.text($0.caption) })
        }
    }

    /// The view models in their slots, as the state lists them.
    ///
    /// `observerCount(for: \.caption)` is asked only once `caption` has been observed: the
    /// count reads the property as a registration does, which gives it a registry, and a
    /// registry (not a registration) is what ties a later observation of `lowered` to the view
    /// model's end. Before that the count is 0 by definition.
    func viewModelStates() -> [WorldState.ViewModel?] {
        viewModelSlots.map { slot in
            slot.flatMap { id in
                viewModels[id].map {
                    WorldState.ViewModel(
                        id: id, caption: $0.caption,
                        counts: [
                            observedCaptions.contains(id) ? $0.observerCount(for: \.caption) : 0,
                            $0.observerCount(for: \.lowered),
                        ])
                }
            }
        }
    }
}
