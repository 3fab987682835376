extension ShellReferenceModel {
    /// Performs an action, top-level or from a reaction.
    mutating func perform(_ action: ShellAction) {
        switch action {
        case .tap(let index): tap(index)
        case .tapPlus:
            guard !hidden else { return }
            composeCount += 1
            present("Compose \(composeCount)")
        case .select(let index):
            guard order.indices.contains(index) else { return }
            select(index)
        case .push(let stack, let target): push(stack, target)
        // The action remembers the former top it popped, as the pop returns it.
        case .pop(let stack):
            guard stacks[stack].count > 1 else { return }
            if let top = pop(stack, above: stacks[stack].count - 2) { lastPopped = top }
        case .popToRoot(let stack):
            if let top = pop(stack, above: 0) { lastPopped = top }
        case .popTo(let stack, let depth):
            guard depth < stacks[stack].count else { return }
            if let top = pop(stack, above: depth) { lastPopped = top }
        case .setHides(let stack, let isHidden):
            let top = stacks[stack][stacks[stack].count - 1]
            hides[top] = isHidden
            write(.hides(top), "\(isHidden)")
        case .setTitle(let stack, let level, let title):
            let position = stacks[stack].count - 1 - level
            guard position >= 0 else { return }
            let name = stacks[stack][position]
            titles[name] = title
            write(.title(name), describe(title))
        case .setBadge(let tab, let value):
            badges[tab] = value
            write(.badge(tab), describe(value))
        case .setItemTitle(let tab, let title): itemTitles[tab] = title
        case .dismiss:
            guard let name = presented else { return }
            presentedOnes.remove(name)
            presented = nil
            write(.presented, "nil")
        case .rotate(let count): setChildren(Array(order[count...] + order[..<count]))
        case .gate(let tabs): gate = Set(tabs)
        }
    }

    /// A tap on the button at `index`: ignored while the bar is hidden; asks the delegate (whose
    /// reactions act first), selects the button, then the child or, on the selected and shown tab,
    /// pops its stack to the root; a selection overtaken by a nested change ends the tap.
    private mutating func tap(_ index: Int) {
        guard !hidden, barItems.indices.contains(index), order.indices.contains(index) else { return }
        let tab = order[index]
        for (reactionIndex, reaction) in reactions.enumerated() where reaction.trigger == .shouldSelect(tab) {
            react(reactionIndex)
        }
        guard !gate.contains(tab), barItems.indices.contains(index) else { return }
        guard selectButton(index), order.indices.contains(index) else { return }
        if index == selection, shown == order[index] {
            if let stack = Self.stack(ofTab: order[index]) { pop(stack, above: 0) }
        } else {
            select(index)
        }
    }

    /// `selectedIndex = index`: writes the selection (every set notifies), then settles.
    private mutating func select(_ index: Int) {
        let change = beginChange()
        selection = index
        write(.selection, "\(index)")
        guard change == changeCount else { return }
        settle(change)
    }

    /// `viewControllers = newOrder`: the same children, reordered; selects the first.
    private mutating func setChildren(_ newOrder: [Int]) {
        let change = beginChange()
        order = newOrder
        selection = 0
        write(.selection, "0")
        guard change == changeCount else { return }
        settle(change)
    }

    /// Makes the bar, the shown child and the tab bar's visibility follow `order` and `selection`.
    private mutating func settle(_ change: Int) {
        if barItems == order {
            selectButton(selection)
        } else {
            replaceBarItems(selecting: selection)
        }
        // Only the shell's own nested changes end this one; the bar is selected again if a
        // nested change of the bar alone moved it.
        guard change == changeCount else { return }
        if barSelection != selection {
            selectButton(selection)
            guard change == changeCount else { return }
        }
        let child = order[selection]
        if shown != child {
            shown = child
            write(.shown, "tab\(child)")
            guard change == changeCount else { return }
        }
        if let stack = Self.stack(ofTab: child) {
            followed = stack
            followRegistration += 1
            setHidden(bottoms[stack])
        } else {
            followed = nil
            setHidden(false)
        }
    }

    mutating func setHidden(_ isHidden: Bool) {
        guard isHidden != hidden else { return }
        hidden = isHidden
        write(.hidden, "\(isHidden)")
    }

    private mutating func beginChange() -> Int {
        changeCount += 1
        return changeCount
    }

    /// The bar's selection: the buttons that change, then `selectedIndex` (always written).
    ///
    /// Answers `false` when a nested change of the bar overtook it.
    @discardableResult
    private mutating func selectButton(_ index: Int) -> Bool {
        guard barItems.indices.contains(index) else { return true }
        barChangeCount += 1
        let change = barChangeCount
        buttonSelected = barItems.indices.map { $0 == index }
        barSelection = index
        write(.barSelection, "\(index)")
        return change == barChangeCount
    }

    /// The bar's new buttons (none selected), its items, then the selection.
    private mutating func replaceBarItems(selecting index: Int) {
        barChangeCount += 1
        buttonSelected = order.map { _ in false }
        barItems = order
        _ = selectButton(barItems.indices.contains(index) ? index : 0)
    }

    /// `present(_:animated:)` on the shell: refused while it presents one.
    private mutating func present(_ name: String) {
        guard presented == nil else { return }
        presentedOnes.insert(name)
        presented = name
        write(.presented, name)
    }
}
