/// The built-in scenario that `observe-demo` plays when run without a source.
///
/// A small social app: four tabs, Home (a navigation controller), Messages, Discover and Me,
/// with the plus button in the middle. Its 42 updates arrive over about 6 seconds (at
/// `--speed 1`): unread counts rise, Messages reaches "1000", too wide for its badge (a dot), a
/// tab is renamed (Discover becomes Explore), Messages is selected and its badge cleared to "0"
/// (hidden), Home is selected again and two screens are pushed (back titles "Home", then
/// "Post"; the tab bar hides) and popped, the plus button is tapped (the tab bar shows again,
/// so it takes the tap) and the compose screen dismissed, and the counts move on.
///
/// It ends in this state (``finalTabTitles`` and ``finalBadgeValues`` give it for tests):
///
/// | tab | title    | badge value | badge shown | selected |
/// |-----|----------|-------------|-------------|----------|
/// | 0   | Home     | nil         | hidden      | yes      |
/// | 1   | Messages | "2"         | "2"         | no       |
/// | 2   | Explore  | "4"         | "4"         | no       |
/// | 3   | Me       | "3"         | "3"         | no       |
///
/// Navigation stack `["Home"]` (no back title), tab bar shown, nothing presented.
public enum Scenario {
    /// The final badge values, tab by tab, as listed above.
    public static let finalBadgeValues: [String?] = [nil, "2", "4", "3"]

    /// The final tab titles, as listed above.
    public static let finalTabTitles = ["Home", "Messages", "Explore", "Me"]

    /// The scenario's events: 42 updates, each followed by a delay (6 seconds in all).
    public static let socialApp: [DemoEvent] = steps.flatMap { [$0.event, .delay(milliseconds: $0.pause)] }

    private static let home = 0
    private static let messages = 1
    private static let discover = 2
    private static let me = 3

    /// Each update with the pause after it, in milliseconds.
    private static let steps: [(event: DemoEvent, pause: Int)] = [
        (.badge(tab: home, value: "1"), 100),
        (.badge(tab: messages, value: "1"), 100),
        (.badge(tab: messages, value: "2"), 100),
        (.badge(tab: home, value: "2"), 100),
        (.badge(tab: messages, value: "3"), 100),
        (.badge(tab: me, value: "1"), 100),
        (.badge(tab: messages, value: "5"), 100),
        (.badge(tab: home, value: "3"), 100),
        (.badge(tab: messages, value: "8"), 100),
        (.badge(tab: messages, value: "12"), 100),
        (.badge(tab: home, value: "5"), 100),
        (.badge(tab: messages, value: "99"), 150),
        (.badge(tab: messages, value: "999"), 200),
        (.badge(tab: messages, value: "1000"), 300),  // Too wide for the badge: a dot.
        (.badge(tab: me, value: "2"), 100),
        (.badge(tab: messages, value: "1200"), 100),
        (.title(tab: discover, title: "Explore"), 200),
        (.badge(tab: discover, value: "1"), 100),
        (.select(tab: messages), 200),
        (.badge(tab: messages, value: "0"), 200),  // Read: cleared, hidden.
        (.badge(tab: home, value: "6"), 100),
        (.badge(tab: discover, value: "2"), 100),
        (.badge(tab: home, value: "7"), 100),
        (.select(tab: home), 200),
        (.push(title: "Post", tab: home), 300),  // Back title "Home"; the tab bar hides.
        (.badge(tab: me, value: "3"), 100),
        (.push(title: "Comments", tab: home), 300),  // Back title "Post".
        (.badge(tab: discover, value: "3"), 100),
        (.pop(tab: home), 200),
        (.pop(tab: home), 200),  // Back at the root: the tab bar shows again.
        (.badge(tab: home, value: nil), 150),  // Home's posts were read.
        (.plus, 300),  // The tab bar shows again, so it takes the tap: the compose screen.
        (.badge(tab: messages, value: "1"), 100),
        (.badge(tab: discover, value: "4"), 100),
        (.dismiss, 200),
        (.image(tab: me, name: "tabbar_me_dot", selectedName: "tabbar_me_dot_selected"), 100),
        (.badge(tab: messages, value: "2"), 100),
        (.image(tab: me, name: "tabbar_me", selectedName: "tabbar_me_selected"), 100),
        (.select(tab: messages), 100),
        (.select(tab: discover), 100),
        (.select(tab: me), 100),
        (.select(tab: home), 200),
    ]
}
