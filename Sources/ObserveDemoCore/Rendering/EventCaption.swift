/// One line that says what an event did: the event, and its effect as the models show it.
///
/// The effect is read from the snapshots taken before and after the event, never guessed from
/// the event's values: a badge is "too wide, shown as a dot" because the badge view shows a
/// dot, a push "hides the tab bar" because the controller hid it. The display writes the
/// caption under the frame (see ``TextRenderer/captionLine(_:)``, which makes it safe and cuts
/// it to the frame's width); `--format json` leaves it out.
///
/// ```
/// Messages badge ← "1000": too wide, shown as a dot
/// Messages badge ← "0": hidden
/// Discover renamed "Explore"
/// select Messages
/// push "Post": tab bar hidden, back title "Home"
/// pop "Post": tab bar shown, at the root
/// plus: "Compose" presented
/// ```
public enum EventCaption {
    /// The caption of the first frame, before any event: the tabs and the one selected.
    ///
    /// - Parameter state: The shell as it starts.
    /// - Returns: For example `4 tabs, Home selected`.
    public static func start(_ state: ShellState) -> String {
        let count = state.tabs.count == 1 ? "1 tab" : "\(state.tabs.count) tabs"
        guard let selected = state.selectedIndex else { return count }
        return "\(count), \(name(of: selected, in: state)) selected"
    }

    /// The caption of an event that the shell has just applied.
    ///
    /// Tabs are named by their title before the event (so a renamed tab by its old name);
    /// quoted values are as given, so a title or badge value may hold anything until
    /// ``TextRenderer/captionLine(_:)`` makes it safe.
    ///
    /// - Parameters:
    ///   - event: The event applied.
    ///   - before: The snapshot taken before it.
    ///   - after: The snapshot taken after it.
    /// - Returns: The caption, or `nil` for `delay`, which changes nothing.
    public static func describe(_ event: DemoEvent, before: ShellState, after: ShellState) -> String? {
        switch event {
        case .badge(let tab, let value):
            return badge(tab, value, after)
        case .title(let tab, let title):
            return "\(name(of: tab, in: before)) renamed \(quoted(title))"
        case .image(let tab, let image, _):
            let shown = after.tabs.indices.contains(tab) ? after.tabs[tab].imageName : nil
            var details = shown == image ? [] : ["showing " + (shown.map(quoted) ?? "no image")]
            if after.isTabBarHidden { details.append("behind the hidden tab bar") }
            return joined("\(name(of: tab, in: before)) image ← \(quoted(image))", details)
        case .select(let tab):
            return select(tab, before, after)
        case .plus:
            return joined(
                "plus", [after.presentedTitle.map { "\(quoted($0)) presented" } ?? "nothing presented"])
        case .dismiss:
            return "dismiss: \(quoted(before.presentedTitle ?? "screen")) closed"
        case .push(let title, let tab):
            return navigation("push \(quoted(title))", tab: tab, before, after)
        case .pop(let tab):
            let top = stack(of: tab, in: before).last.map { " " + quoted($0) } ?? ""
            return navigation("pop" + top, tab: tab, before, after)
        case .popTo(let index, let tab):
            let stack = stack(of: tab, in: before)
            let target = stack.indices.contains(index) ? quoted(stack[index]) : "screen \(index)"
            return navigation("pop to " + target, tab: tab, before, after)
        case .popToRoot(let tab):
            return navigation("pop to the root", tab: tab, before, after)
        case .delay:
            return nil
        }
    }

    private static func badge(_ tab: Int, _ value: String?, _ after: ShellState) -> String {
        var details: [String] = []
        if after.tabs.indices.contains(tab) {
            switch after.tabs[tab].badge {
            case .hidden: details.append("hidden")
            case .dot: details.append("too wide, shown as a dot")
            case .text(let text) where text != value: details.append("shown as \(quoted(text))")
            case .text: break
            }
        }
        if after.isTabBarHidden { details.append("behind the hidden tab bar") }
        return joined("\(name(of: tab, in: after)) badge ← \(value.map(quoted) ?? "nil")", details)
    }

    /// A tap on a tab: a new selection, or a tap on the selected tab, which pops it to its root.
    private static func select(_ tab: Int, _ before: ShellState, _ after: ShellState) -> String {
        let subject = "select \(name(of: tab, in: before))"
        guard after.selectedIndex == tab else { return joined(subject, ["not selected"]) }
        guard before.selectedIndex == tab else {
            // A tab whose stack holds pushed screens shows the top one, which hides the tab bar.
            guard after.navigation?.backTitle != nil else { return subject }
            let bar = after.isTabBarHidden && !before.isTabBarHidden ? ", tab bar hidden" : ""
            return joined(subject, ["showing \(quoted(after.screenTitle))" + bar])
        }
        let popped = (before.navigation?.stack.count ?? 0) > (after.navigation?.stack.count ?? 0)
        return joined(subject, [popped ? "already selected, popped to the root" : "already selected"])
    }

    /// A navigation event: what the selected tab's bar shows after it, when it is that tab's.
    private static func navigation(_ subject: String, tab: Int?, _ before: ShellState, _ after: ShellState)
        -> String
    {
        let target = tab ?? before.selectedIndex
        guard let target, target == after.selectedIndex, let navigation = after.navigation else {
            return subject + (target.map { " on \(name(of: $0, in: before)) (not on show)" } ?? "")
        }
        var details: [String] = []
        if after.isTabBarHidden != before.isTabBarHidden {
            details.append(after.isTabBarHidden ? "tab bar hidden" : "tab bar shown")
        }
        if navigation.stack == before.navigation?.stack {
            details.append("nothing to pop")
        } else if let back = navigation.backTitle {
            details.append("back title \(quoted(back))")
        } else {
            details.append("at the root")
        }
        return joined(subject, details)
    }

    /// The stack of a navigation event's tab, when the snapshot shows it (the selected tab's).
    private static func stack(of tab: Int?, in state: ShellState) -> [String] {
        guard tab == nil || tab == state.selectedIndex else { return [] }
        return state.navigation?.stack ?? []
    }

    /// A tab's title in a snapshot, or `tab N` when it has none (or no such tab).
    private static func name(of tab: Int, in state: ShellState) -> String {
        guard state.tabs.indices.contains(tab), !state.tabs[tab].title.isEmpty else { return "tab \(tab)" }
        return state.tabs[tab].title
    }

    private static func quoted(_ text: String) -> String {
        "\"" + text + "\""
    }

    private static func joined(_ subject: String, _ details: [String]) -> String {
        details.isEmpty ? subject : subject + ": " + details.joined(separator: ", ")
    }
}
