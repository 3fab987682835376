/// A plain reference model of the app shell of the model-based test: a `TabBarController` with
/// four tabs (identities 0 to 3; 0 and 2 are navigation stacks 0 and 1, roots "Home" and
/// "Discover"), its `TabBar`, the two stacks and their navigation bars.
///
/// It states UIKit's rules as the models follow them (a tap asks the delegate, selects the
/// button, then the child, or pops a re-tapped stack to its root; a push is refused for a
/// controller with a parent or a presenter; a pop never pops the root; the tab bar hides while
/// the selected stack's top asks it to), each operation as the ordered writes of observable
/// properties it makes, and the rule for nested changes: a change made from an observer while
/// another change of the same model is under way is made completely, and the change under way
/// stops at its next write. Observers of one property are told of its changes one at a time, in
/// order: a change made while the property's observers are being told of another waits (the
/// `Observing` module's rule). A computed property's observer reads the value as it is called.
package struct ShellReferenceModel {
    /// An observable property of the world.
    enum Property: Hashable {
        case selection, shown, hidden, presented, barSelection
        case stack(Int)
        case bottom(Int)
        case barTitle(Int)
        case back(Int)
        case title(String)
        case hides(String)
        case leftItems(String)
        case rightItems(String)
        case badge(Int)
    }

    /// Who is told of a property's change.
    enum Observer: Equatable {
        /// A recorder of the test (its name).
        case recorder(String)
        /// The reaction at this index.
        case reaction(Int)
        /// The shell's observation of the shown stack's `isBottomBarHidden` (its registration).
        case follow(Int)
        /// A stack's observations of its top and previous controllers (stack, registration).
        case bar(Int, Int)
    }

    /// Where a controller is.
    enum Parent: Equatable {
        case shell
        case stack(Int)
    }

    let reactions: [ShellReaction]
    var firesLeft: [Int]
    /// The resolved steps and the reactions that acted, in order.
    package var log: [String] = []
    /// What each recorder was told, in order.
    package var histories: [String: [String]] = [:]

    // Controllers, by name.
    var parents: [String: Parent] = [
        "tab0": .shell, "tab1": .shell, "tab2": .shell, "tab3": .shell, "Home": .stack(0),
        "Discover": .stack(1),
    ]
    var titles: [String: String?] = ["Home": "Home", "Discover": "Discover"]
    var hides: [String: Bool] = ["Home": false, "Discover": false]
    var presentedOnes: Set<String> = []
    var freshCount = 0
    var composeCount = 0
    var lastPopped: String?

    // The shell.
    var order = [0, 1, 2, 3]
    var selection = 0
    var shown: Int? = 0
    var hidden = false
    var followed: Int? = 0
    var followRegistration = 0
    var presented: String?
    var changeCount = 0
    var gate: Set<Int> = []
    var itemTitles: [String?] = ["Tab 0", "Tab 1", "Tab 2", "Tab 3"]
    var badges: [String?] = [nil, nil, nil, nil]

    // The bar.
    var barItems = [0, 1, 2, 3]
    var barSelection = 0
    var buttonSelected = [true, false, false, false]
    var barChangeCount = 0

    // The stacks.
    var stacks = [["Home"], ["Discover"]]
    var stackChangeCounts = [0, 0]
    var popEnabled = [false, false]
    var barTitles: [String?] = ["Home", "Discover"]
    var backTitles: [String?] = [nil, nil]
    var bottoms = [false, false]
    var observedTops = ["Home", "Discover"]
    var observedPrevious: [String?] = [nil, nil]
    var barRegistrations = [0, 0]
    /// The controller whose pushed back and more items each stack's bar shows (nil: none).
    var barItemOwners: [String?] = [nil, nil]
    /// How many times each controller has been pushed (its bar items are new each time).
    var pushCounts: [String: Int] = [:]

    // Delivery.
    var delivering: Set<Property> = []
    var queued: [Property: [String]] = [:]

    /// A model of the world as the live world sets it up, with `reactions` registered.
    package init(reactions: [ShellReaction]) {
        self.reactions = reactions
        firesLeft = reactions.map { _ in ShellReaction.firesPerStep }
    }

    /// The stack of the tab with identity `tab`, or `nil` for a plain tab.
    static func stack(ofTab tab: Int) -> Int? {
        switch tab {
        case 0: 0
        case 2: 1
        default: nil
        }
    }

    /// The names of the recorders, each with the property it observes and whether that property
    /// is computed (its observer reads the value as it is called) or stored (the change carries
    /// the value set).
    static let recorders: [(name: String, property: Property, isComputed: Bool)] = [
        ("shell.selectedIndex", .selection, true),
        ("shell.selectedViewController", .shown, true),
        ("shell.isTabBarHidden", .hidden, false),
        ("shell.presentedViewController", .presented, false),
        ("tabBar.selectedIndex", .barSelection, true),
        ("stack 0.viewControllers", .stack(0), false),
        ("stack 1.viewControllers", .stack(1), false),
        ("stack 0.isBottomBarHidden", .bottom(0), false),
        ("stack 1.isBottomBarHidden", .bottom(1), false),
        ("stack 0.navigationBar.title", .barTitle(0), false),
        ("stack 1.navigationBar.title", .barTitle(1), false),
        ("stack 0.navigationBar.backButtonTitle", .back(0), false),
        ("stack 1.navigationBar.backButtonTitle", .back(1), false),
    ]

    /// Runs one top-level step.
    package mutating func run(_ action: ShellAction) {
        firesLeft = reactions.map { _ in ShellReaction.firesPerStep }
        log.append("\(action)")
        perform(action)
    }
}

/// How a value is written in states and histories.
func describe(_ value: String?) -> String {
    value.map { "\"\($0)\"" } ?? "nil"
}
