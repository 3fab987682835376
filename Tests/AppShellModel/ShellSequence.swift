/// A sequence the model-based test runs: the reactions registered at the start, then the steps.
package struct ShellSequence: Sendable {
    /// The seed it was generated from (0 for a fuzzer's input).
    package var seed: UInt64
    /// The observers and delegate calls that make changes of their own, in registration order.
    package var reactions: [ShellReaction]
    /// The top-level operations, in order.
    package var steps: [ShellAction]

    /// The sequence of `seed`: up to three reactions, then `stepCount` steps.
    package init(seed: UInt64, stepCount: Int) {
        var source = ShellSplitMix64(seed: seed)
        self.init(seed: seed, source: &source, stepCount: stepCount)
    }

    /// The sequence `bytes` spell (`ShellByteSource`): the reactions, then steps until the bytes
    /// run out (at most `maximumSteps`).
    package init(bytes: [UInt8], maximumSteps: Int = 150) {
        var source = ShellByteSource(bytes)
        let reactionCount = source.below(4)
        reactions = (0..<reactionCount).map { _ in ShellReaction.random(using: &source) }
        steps = []
        while !source.isExhausted, steps.count < maximumSteps {
            steps.append(ShellAction.random(using: &source))
        }
        seed = 0
    }

    package init(seed: UInt64, reactions: [ShellReaction], steps: [ShellAction]) {
        self.seed = seed
        self.reactions = reactions
        self.steps = steps
    }

    private init(seed: UInt64, source: inout some ShellRandomSource, stepCount: Int) {
        self.seed = seed
        let reactionCount = source.below(4)
        reactions = (0..<reactionCount).map { _ in ShellReaction.random(using: &source) }
        steps = (0..<stepCount).map { _ in ShellAction.random(using: &source) }
    }
}

extension ShellAction {
    private static let titles: [String?] = [nil, "Inbox", "A", "Message", ""]
    private static let badges: [String?] = [nil, "1", "5", "0", "", "999", "1000", "❤️❤️", "NEW"]

    /// A random operation: mostly taps, selections, pushes and pops, with badges, titles,
    /// presentations, reorders and the gate now and then.
    static func random(using source: inout some ShellRandomSource) -> ShellAction {
        let roll = source.below(100)
        let stack = source.below(2)
        switch roll {
        case 0..<16: return .tap(source.below(5))
        case 16..<24: return .select(source.below(5))
        case 24..<38: return .push(stack, pushTarget(using: &source))
        case 38..<46: return .pop(stack)
        case 46..<50: return .popToRoot(stack)
        case 50..<54: return .popTo(stack, source.below(4))
        case 54..<62: return .setHides(stack, source.chance(50))
        case 62..<68: return .setTitle(stack, source.below(2), titles[source.below(titles.count)])
        case 68..<76: return .setBadge(source.below(4), badges[source.below(badges.count)])
        case 76..<79: return .setItemTitle(source.below(4), titles[source.below(titles.count)])
        case 79..<85: return .tapPlus
        case 85..<91: return .dismiss
        case 91..<95: return .rotate(1 + source.below(3))
        default: return .gate((0..<4).filter { _ in source.chance(25) })
        }
    }

    private static func pushTarget(using source: inout some ShellRandomSource) -> PushTarget {
        switch source.below(10) {
        case 0: .topOf(source.below(2))
        case 1: .tab(source.below(4))
        case 2: .presented
        case 3, 4: .lastPopped
        default: .fresh
        }
    }

    /// A random action for a reaction: no reorders or gates, which the app makes at set-up.
    static func randomReactionAction(using source: inout some ShellRandomSource) -> ShellAction {
        while true {
            let action = random(using: &source)
            switch action {
            case .rotate, .gate: continue
            default: return action
            }
        }
    }
}

extension ShellReaction {
    /// A random reaction.
    static func random(using source: inout some ShellRandomSource) -> ShellReaction {
        let trigger: Trigger =
            switch source.below(8) {
            case 0: .selectedIndex(source.below(4))
            case 6: .barSelectedIndex(source.below(4))
            case 7: .barTitle(source.below(2))
            case 1: .stackCount(source.below(2), 1 + source.below(3))
            case 2: .tabBarHidden
            case 3: .presented
            case 4: .badge(source.below(4))
            default: .shouldSelect(source.below(4))
            }
        return ShellReaction(trigger: trigger, action: ShellAction.randomReactionAction(using: &source))
    }
}
