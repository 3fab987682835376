import ObserveDemoCore

/// What a parsed and an applied event must satisfy, from ``EventParser``'s and ``DemoEvent``'s
/// documentation.
enum EventCheck {
    /// A parsed event's numbers lie in the ranges the parser checks.
    static func checkParsed(_ event: DemoEvent, tabCount: Int, line: Int) {
        let tabs = 0..<tabCount
        let isValid: Bool
        switch event {
        case .badge(let tab, _), .title(let tab, _), .image(let tab, _, _), .select(let tab):
            isValid = tabs.contains(tab)
        case .push(_, let tab), .pop(let tab), .popToRoot(let tab):
            isValid = tab.map(tabs.contains) ?? true
        case .popTo(let index, let tab):
            isValid = index >= 0 && (tab.map(tabs.contains) ?? true)
        case .delay(let milliseconds):
            isValid = (0...EventParser.maximumDelay).contains(milliseconds)
        case .plus, .dismiss:
            isValid = true
        }
        require(isValid, "line \(line): the parser let \(event) through")
    }

    /// An applied event shows in the next snapshot as documented.
    ///
    /// Navigation is checked on the selected tab, the one whose stack the snapshot shows.
    static func checkApplied(_ event: DemoEvent, before: ShellState, after: ShellState, line: Int) {
        let isShown: Bool
        switch event {
        case .badge(let tab, let value):
            let hides = value == nil || value == "" || value == "0"
            isShown = after.tabs[tab].badgeValue == value && (after.tabs[tab].badge == .hidden) == hides
        case .title(let tab, let title):
            isShown = after.tabs[tab].title == title
        case .select(let tab):
            isShown = after.selectedIndex == tab
        case .plus:
            isShown = after.presentedTitle != nil
        case .dismiss:
            isShown = after.presentedTitle == nil
        case .push(let title, let tab) where tab == nil || tab == before.selectedIndex:
            isShown = after.navigation?.stack == (before.navigation?.stack ?? []) + [title]
        case .pop(let tab) where tab == nil || tab == before.selectedIndex:
            isShown = after.navigation?.stack == before.navigation.map { Array($0.stack.dropLast()) }
        case .popTo(let index, let tab) where tab == nil || tab == before.selectedIndex:
            isShown = after.navigation?.stack == before.navigation.map { Array($0.stack.prefix(index + 1)) }
        case .popToRoot(let tab) where tab == nil || tab == before.selectedIndex:
            isShown = after.navigation?.stack == before.navigation.map { Array($0.stack.prefix(1)) }
        default:
            isShown = true
        }
        require(isShown, "line \(line): applied \(event), but the shell shows \(after)")
    }
}
