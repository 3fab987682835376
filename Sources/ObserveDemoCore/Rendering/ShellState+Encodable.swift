import Foundation

/// The `--format json` form: what a script needs, without the geometry.
///
/// ```
/// {"navigation":{"backTitle":null,"leftItems":[],"rightItems":[],"stack":["Home"],"title":"Home"},
///  "presented":null,"screen":"Home","selectedIndex":0,"tabBarHidden":false,
///  "tabs":[{"badge":{"content":"text","text":"5"},"badgeValue":"5","image":"tabbar_home_selected",
///  "selected":true,"title":"Home"}, ...]}
/// ```
///
/// (One line in the output; broken here for reading.) `selectedIndex` is `null` without tabs,
/// `presented` the title of the presented screen or `null`.
///
/// `badge.content` is `"hidden"`, `"dot"` or `"text"` (with `badge.text`); `navigation` is
/// `null` when the selected tab has no navigation controller.
extension ShellState: Encodable {
    private enum Keys: String, CodingKey {
        case tabs, selectedIndex, navigation, screen, tabBarHidden, presented
        case title, badge, badgeValue, selected, image
        case content, text
        case stack, backTitle, leftItems, rightItems
    }

    /// Encodes the snapshot in the `--format json` schema.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        var tabsContainer = container.nestedUnkeyedContainer(forKey: .tabs)
        for tab in tabs {
            var tabContainer = tabsContainer.nestedContainer(keyedBy: Keys.self)
            try tabContainer.encode(tab.title, forKey: .title)
            try tabContainer.encode(tab.badgeValue, forKey: .badgeValue)
            try tabContainer.encode(tab.isSelected, forKey: .selected)
            try tabContainer.encode(tab.imageName, forKey: .image)
            var badgeContainer = tabContainer.nestedContainer(keyedBy: Keys.self, forKey: .badge)
            switch tab.badge {
            case .hidden: try badgeContainer.encode("hidden", forKey: .content)
            case .dot: try badgeContainer.encode("dot", forKey: .content)
            case .text(let text):
                try badgeContainer.encode("text", forKey: .content)
                try badgeContainer.encode(text, forKey: .text)
            }
        }
        try container.encode(selectedIndex, forKey: .selectedIndex)
        if let navigation {
            var navigationContainer = container.nestedContainer(keyedBy: Keys.self, forKey: .navigation)
            try navigationContainer.encode(navigation.stack, forKey: .stack)
            try navigationContainer.encode(navigation.title, forKey: .title)
            try navigationContainer.encode(navigation.backTitle, forKey: .backTitle)
            try navigationContainer.encode(navigation.leftItems, forKey: .leftItems)
            try navigationContainer.encode(navigation.rightItems, forKey: .rightItems)
        } else {
            try container.encodeNil(forKey: .navigation)
        }
        try container.encode(screenTitle, forKey: .screen)
        try container.encode(isTabBarHidden, forKey: .tabBarHidden)
        try container.encode(presentedTitle, forKey: .presented)
    }

    /// The snapshot as one line of JSON (keys sorted, no line breaks), as `--format json` prints it.
    ///
    /// - Returns: The JSON text, without a trailing line break.
    public func jsonLine() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding strings, numbers and booleans cannot fail; the fallback only keeps this total.
        guard let data = try? encoder.encode(self) else { return "{}" }
        return Self.escapingTerminalControls(String(decoding: data, as: UTF8.self))
    }

    /// Escapes the characters that `JSONEncoder` leaves raw but a terminal may act on.
    ///
    /// Those are DEL, the C1 controls (U+0080-U+009F) and the line and paragraph separators;
    /// the encoder escapes U+0000-U+001F itself. They can only occur inside JSON strings, where
    /// a `\uXXXX` escape decodes to the same text.
    private static func escapingTerminalControls(_ json: String) -> String {
        func isRaw(_ scalar: Unicode.Scalar) -> Bool {
            (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028 || scalar.value == 0x2029
        }
        guard json.unicodeScalars.contains(where: isRaw) else { return json }
        var escaped = String.UnicodeScalarView()
        for scalar in json.unicodeScalars {
            guard isRaw(scalar) else {
                escaped.append(scalar)
                continue
            }
            let hex = String(scalar.value, radix: 16)
            let escape = "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            escaped.append(contentsOf: escape.unicodeScalars)
        }
        return String(escaped)
    }
}
