import Observing

/// The key paths of the switching object: three stored properties, and `shown`, computed from
/// `useA` and one of `a` and `b`.
package enum SwitchKeyPath: Hashable {
    case useA
    case a
    case b
    /// `\.shown`: `useA ? a : b`, so that a set of `useA` re-wires its observations.
    case shown

    var name: String {
        switch self {
        case .useA: "useA"
        case .a: "a"
        case .b: "b"
        case .shown: "shown"
        }
    }
}

extension ModelStep {
    /// A switching step: observe the switching object, set one of its stored properties, or make
    /// a manual pair on `a` or `b` inside which `useA` flips.
    static func switchingStep(using generator: inout some ModelRandomSource) -> ModelStep {
        switch generator.below(100) {
        case 0..<35:
            let keyPath: SwitchKeyPath = [.shown, .shown, .shown, .a, .b, .useA][generator.below(6)]
            let options = options(using: &generator)
            let reaction = generator.chance(30) ? reactionTemplate(options: options, using: &generator) : nil
            return .observe(
                ObservationTemplate(
                    place: .switching(keyPath), options: options, isQueued: false, reaction: reaction))
        case 35..<55:
            let keyPath: SwitchKeyPath = [.useA, .useA, .a, .b][generator.below(4)]
            return .setSwitching(
                keyPath: keyPath, value: generator.below(keyPath == .useA ? 2 : ModelValues.texts.count))
        default:
            return .switchingPair(
                keyPath: generator.chance(60) ? .a : .b, toggles: [0, 1, 1, 2, 2][generator.below(5)],
                value: generator.chance(70) ? generator.below(ModelValues.texts.count) : nil)
        }
    }
}

extension ReferenceModel {
    /// The switching object's stored properties.
    struct Switching {
        var useA = true
        var a = ""
        var b = ""
    }

    /// A manual change pair on the switching object's `a` or `b` (a step of the test only),
    /// with a prior handler registered last that flips `useA` `toggles` times during the pair's
    /// `willChangeValue(for:)`, then the set of `value` if there is one, and
    /// `didChangeValue(for:)`; the handler's registration ends after the pair.
    ///
    /// The rules are the pair's (`manualPair(_:value:)`), and (`willChangeValue(for:)`):
    /// "its observers get one prior call at its outermost `willChangeValue` and one
    /// notification at its outermost `didChangeValue`", for an observation of `shown` too
    /// when a flip re-wires it off the property (and back) while the pair is open: "it gets the
    /// pair's prior call and notification in the place it had among the observers when the pair
    /// began, while the sets made meanwhile of other properties it reads notify it as sets of
    /// their own" (see `rewire(_:to:)`).
    ///
    /// The handler that flips is registered last, after every observation of `shown`, and
    /// `useA` flips only inside a pair (no handler of the switching object sets anything). The
    /// library keeps the rule in the orders left out too (a flip before the pair's prior call
    /// reaches an observation of `shown`, and a flip from a prior handler of a plain set of
    /// `a`), which `ReentrancyPromiseTests` checks.
    func switchingPair(_ keyPath: SwitchKeyPath, flipper: Int, toggles: Int, value: String?) {
        start(
            Registration(
                id: flipper, owner: .flipper(toggles: toggles), place: .switching(keyPath), options: [.prior])
        )
        let storage = Storage.switching(keyPath)
        let new = value.map(Value.text) ?? read(storage)
        performSet(
            storage, new,
            change: Change(
                old: read(storage), new: new, isNewKnownAtPrior: false, isPairWithSet: value != nil,
                isPair: true))
        end(flipper)
    }

    /// The switching object's values (`useA`, `a`, `b`) and counts (`a`, `b`, `shown`).
    ///
    /// `shown`'s count covers the registrations on `useA` too: a count is a tracked read of the
    /// key path, one of the costliest things a step does, so `useA` gets no count of its own.
    func switchingState() -> (values: [String], counts: [Int]) {
        (
            [String(switching.useA), ModelRender.text(switching.a), ModelRender.text(switching.b)],
            [SwitchKeyPath.a, .b, .shown].map { observerCount(storages(of: .switching($0))) }
        )
    }
}

extension LiveWorld {
    func observe(_ plan: RegistrationPlan, switching keyPath: SwitchKeyPath) -> ObservationToken {
        switch keyPath {
        case .useA:
            switching.observe(\.useA, options: plan.options, changeHandler: handler(plan) { String($0.useA) })
        case .a:
            switching.observe(
                \.a, options: plan.options, changeHandler: handler(plan) { ModelRender.text($0.a) })
        case .b:
            switching.observe(
                \.b, options: plan.options, changeHandler: handler(plan) { ModelRender.text($0.b) })
        case .shown:
            switching.observe(
                \.shown, options: plan.options, changeHandler: handler(plan) { ModelRender.text($0.shown) })
        }
    }

    /// The pair of `ReferenceModel.switchingPair(_:flipper:toggles:value:)`.
    func switchingPair(_ keyPath: SwitchKeyPath, toggles: Int, value: String?) {
        flipsLeft = toggles
        let flip: @Sendable (ModelSwitching, KeyValueObservedChange<String>) -> Void = {
            [unowned self] switching, change in
            guard change.isPrior else { return }
            let count = flipsLeft
            flipsLeft = 0
            for _ in 0..<count { switching.useA = !switching.useA }
        }
        switch keyPath {
        case .b:
            let flipper = switching.observe(\.b, options: [.prior], changeHandler: flip)
            switching.willChangeValue(for: \.b)
            if let value { switching.b = value }
            switching.didChangeValue(for: \.b)
            flipper.invalidate()
        default:
            let flipper = switching.observe(\.a, options: [.prior], changeHandler: flip)
            switching.willChangeValue(for: \.a)
            if let value { switching.a = value }
            switching.didChangeValue(for: \.a)
            flipper.invalidate()
        }
    }

    /// The switching object's values and counts, as `ReferenceModel.switchingState()`.
    func switchingState() -> (values: [String], counts: [Int]) {
        (
            [String(switching.useA), ModelRender.text(switching.a), ModelRender.text(switching.b)],
            [
                switching.observerCount(for: \.a), switching.observerCount(for: \.b),
                switching.observerCount(for: \.shown),
            ]
        )
    }
}

extension Bool: ModelRenderable {
    var modelRendering: String { String(self) }
}
