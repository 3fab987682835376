extension ShellReferenceModel {
    /// `push(_:animated:)`: refused for a controller with a parent, a presenter, or a stack of its
    /// own; otherwise the controller is claimed, set up (hides the bottom bar, gets back and more
    /// items), then put on top, and the stack settles.
    mutating func push(_ stack: Int, _ target: ShellAction.PushTarget) {
        let name: String
        switch target {
        case .fresh:
            freshCount += 1
            name = "P\(freshCount)"
            titles[name] = name
            hides[name] = false
        case .topOf(let other): name = stacks[other][stacks[other].count - 1]
        case .tab(let tab): name = "tab\(tab)"
        case .presented:
            guard let presented else { return }
            name = presented
        case .lastPopped:
            guard let lastPopped else { return }
            name = lastPopped
        }
        guard parents[name] == nil, !presentedOnes.contains(name) else {
            log.append("  push of \(name) refused")
            return
        }
        parents[name] = .stack(stack)
        hides[name] = true
        write(.hides(name), "true")
        pushCounts[name, default: 0] += 1
        write(.leftItems(name), "back")
        write(.rightItems(name), "more")
        let change = beginChange(of: stack)
        stacks[stack].append(name)
        write(.stack(stack), stacks[stack].joined(separator: ","))
        guard change == stackChangeCounts[stack] else { return }
        stackDidChange(stack, change)
    }

    /// Pops every controller above `index` in one change; nothing above it is no change.
    ///
    /// The popped controllers lose what their pushes gave them.
    ///
    /// - Returns: The popped top (the former top), or `nil` when nothing was popped.
    @discardableResult
    mutating func pop(_ stack: Int, above index: Int) -> String? {
        let popped = stacks[stack][(index + 1)...]
        guard let top = popped.last else { return nil }
        for name in popped { parents[name] = nil }
        let change = beginChange(of: stack)
        stacks[stack] = Array(stacks[stack][...index])
        write(.stack(stack), stacks[stack].joined(separator: ","))
        if change == stackChangeCounts[stack] { stackDidChange(stack, change) }
        // What the push gave is taken back once they are off the stack (unless pushed again
        // meanwhile): `hidesBottomBarWhenPushed` returns to `false`, as every pushed controller
        // had it before its push; no bar observes them any more.
        for name in popped where parents[name] == nil && hides[name] == true {
            hides[name] = false
            write(.hides(name), "false")
        }
        return top
    }

    /// A stack's observations move to its new top and previous controllers; the pop gesture,
    /// the bar and the bottom bar follow.
    private mutating func stackDidChange(_ stack: Int, _ change: Int) {
        let controllers = stacks[stack]
        observedTops[stack] = controllers[controllers.count - 1]
        observedPrevious[stack] = controllers.count > 1 ? controllers[controllers.count - 2] : nil
        barRegistrations[stack] += 1
        popEnabled[stack] = controllers.count > 1
        showTop(stack, change)
    }

    /// An observation of the top or the previous controller fired: a change of its own that
    /// settles the stack as a push or a pop does (it may overtake one that has not settled).
    mutating func updateBar(_ stack: Int) {
        stackDidChange(stack, beginChange(of: stack))
    }

    /// The bar's title, items and back title (each written when it differs), then
    /// `isBottomBarHidden`; stops when a nested change overtakes `change`.
    private mutating func showTop(_ stack: Int, _ change: Int) {
        let controllers = stacks[stack]
        let top = controllers[controllers.count - 1]
        let title = titles[top] ?? nil
        let back: String? =
            controllers.count > 1 ? (titles[controllers[controllers.count - 2]] ?? nil) ?? "Back" : nil
        if title != barTitles[stack] {
            barTitles[stack] = title
            write(.barTitle(stack), describe(title))
            guard change == stackChangeCounts[stack] else { return }
        }
        barItemOwners[stack] = controllers.count > 1 ? top : nil
        if back != backTitles[stack] {
            backTitles[stack] = back
            write(.back(stack), describe(back))
        }
        guard change == stackChangeCounts[stack] else { return }
        let isHidden = hides[top] ?? false
        if isHidden != bottoms[stack] {
            bottoms[stack] = isHidden
            write(.bottom(stack), "\(isHidden)")
        }
    }

    private mutating func beginChange(of stack: Int) -> Int {
        stackChangeCounts[stack] += 1
        return stackChangeCounts[stack]
    }
}
