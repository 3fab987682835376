extension ShellReferenceModel {
    /// A write of `property`, whose change carries `value`: its observers are told now, or, while
    /// they are being told of an earlier change, after that.
    mutating func write(_ property: Property, _ value: String) {
        if delivering.contains(property) {
            queued[property, default: []].append(value)
            return
        }
        delivering.insert(property)
        deliver(property, value)
        while let next = queued[property]?.first {
            queued[property]?.removeFirst()
            deliver(property, next)
        }
        delivering.remove(property)
    }

    /// Tells the observers registered when the delivery starts, skipping any removed meanwhile.
    private mutating func deliver(_ property: Property, _ value: String) {
        let observers = observers(of: property)
        for observer in observers where self.observers(of: property).contains(observer) {
            call(observer, property, value)
        }
    }

    /// The observers of `property`, in registration order.
    func observers(of property: Property) -> [Observer] {
        var list = Self.recorders.filter { $0.property == property }.map { Observer.recorder($0.name) }
        for (index, reaction) in reactions.enumerated() where reaction.observes(property) {
            list.append(.reaction(index))
        }
        for stack in 0..<2 {
            switch property {
            case .bottom(stack) where followed == stack: list.append(.follow(followRegistration))
            case .title(let name) where observedTops[stack] == name || observedPrevious[stack] == name,
                .hides(let name) where observedTops[stack] == name,
                .leftItems(let name) where observedTops[stack] == name,
                .rightItems(let name) where observedTops[stack] == name:
                list.append(.bar(stack, barRegistrations[stack]))
            default: break
            }
        }
        return list
    }

    private mutating func call(_ observer: Observer, _ property: Property, _ value: String) {
        switch observer {
        case .recorder(let name):
            let isComputed = Self.recorders.first { $0.name == name }?.isComputed ?? false
            histories[name, default: []].append(isComputed ? current(property) : value)
        case .reaction(let index):
            react(index)
        case .follow:
            setHidden(Self.stack(ofTab: shown ?? -1).map { bottoms[$0] } ?? false)
        case .bar(let stack, _):
            updateBar(stack)
        }
    }

    /// Runs the reaction at `index` if its trigger holds now and it may still act in this step.
    mutating func react(_ index: Int) {
        let reaction = reactions[index]
        guard firesLeft[index] > 0, triggerHolds(reaction.trigger) else { return }
        firesLeft[index] -= 1
        log.append("  reaction \(index + 1) acts: \(reaction.action)")
        perform(reaction.action)
    }

    private func triggerHolds(_ trigger: ShellReaction.Trigger) -> Bool {
        switch trigger {
        case .selectedIndex(let index): selection == index
        case .barSelectedIndex(let index): barSelection == index
        case .stackCount(let stack, let count): stacks[stack].count == count
        case .tabBarHidden: hidden
        case .presented: presented != nil
        case .badge, .shouldSelect, .barTitle: true
        }
    }

    /// The current value of a computed property, as its observer reads it.
    func current(_ property: Property) -> String {
        switch property {
        case .selection: "\(selection)"
        case .shown: shown.map { "tab\($0)" } ?? "nil"
        case .barSelection: "\(barSelection)"
        default: "?"
        }
    }
}

extension ShellReaction {
    /// Whether this reaction is an observer of `property`.
    func observes(_ property: ShellReferenceModel.Property) -> Bool {
        switch (trigger, property) {
        case (.selectedIndex, .selection), (.barSelectedIndex, .barSelection), (.tabBarHidden, .hidden),
            (.presented, .presented):
            true
        case (.stackCount(let stack, _), .stack(let changed)): stack == changed
        case (.badge(let tab), .badge(let changed)): tab == changed
        case (.barTitle(let stack), .barTitle(let changed)): stack == changed
        default: false
        }
    }
}
