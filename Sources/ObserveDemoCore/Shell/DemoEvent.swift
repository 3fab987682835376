/// One update to the app shell, as read from a JSON Lines event stream or the built-in scenario.
///
/// Tab indexes count from 0, left to right, not counting the plus button. The navigation events
/// (`push`, `pop`, `popTo`, `popToRoot`) act on the navigation controller of the given tab, or of
/// the selected tab when `tab` is `nil`.
public enum DemoEvent: Equatable, Sendable {
    /// Sets a tab's badge value; `nil`, `""` and `"0"` hide the badge.
    case badge(tab: Int, value: String?)
    /// Renames a tab.
    case title(tab: Int, title: String)
    /// Replaces a tab's image, and its selected image when one is given, keeping their sizes.
    case image(tab: Int, name: String, selectedName: String?)
    /// Taps a tab's button, selecting it.
    case select(tab: Int)
    /// Taps the plus button in the centre of the tab bar, which presents the compose screen.
    case plus
    /// Dismisses the presented screen (the compose screen the plus button presents).
    case dismiss
    /// Pushes a new screen with this title.
    case push(title: String, tab: Int?)
    /// Pops the top screen (never the root).
    case pop(tab: Int?)
    /// Pops down to the screen at this stack index (0 is the root).
    case popTo(index: Int, tab: Int?)
    /// Pops down to the root screen.
    case popToRoot(tab: Int?)
    /// Waits this many milliseconds (scaled by `--speed`) before the next event.
    case delay(milliseconds: Int)
}
