extension ShellState {
    /// The navigation bar and stack of the selected tab's navigation controller.
    public struct Navigation: Equatable, Sendable {
        /// The titles of the stacked screens, root first.
        public var stack: [String]
        /// The title shown in the middle of the bar.
        public var title: String
        /// The back button's title; `nil` at the root.
        public var backTitle: String?
        /// The titles of the bar button items on the left (the back item is shown by ``backTitle``).
        public var leftItems: [String]
        /// The titles of the bar button items on the right.
        public var rightItems: [String]

        /// Creates a navigation snapshot.
        ///
        /// - Parameters:
        ///   - stack: The titles of the stacked screens, root first.
        ///   - title: The title shown in the middle of the bar.
        ///   - backTitle: The back button's title; `nil` at the root.
        ///   - leftItems: The titles of the other left bar button items.
        ///   - rightItems: The titles of the right bar button items.
        public init(
            stack: [String], title: String, backTitle: String? = nil, leftItems: [String] = [],
            rightItems: [String] = []
        ) {
            self.stack = stack
            self.title = title
            self.backTitle = backTitle
            self.leftItems = leftItems
            self.rightItems = rightItems
        }
    }
}
