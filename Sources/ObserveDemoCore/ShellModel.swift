/// An app shell the demo drives: it takes events and shows its state as snapshots.
///
/// ``DemoRunner`` works through this protocol only, so that reading input, pacing and output stay
/// apart from the tab-bar and navigation models that ``AppShell`` wraps.
@MainActor
public protocol ShellModel: AnyObject {
    /// The number of tabs; events address tabs `0..<tabCount`.
    var tabCount: Int { get }

    /// Applies one event to the models.
    ///
    /// An event is checked in full before anything changes, so a refused event leaves the state
    /// as it was. `delay` events are the runner's business and are ignored here.
    ///
    /// - Parameter event: The event to apply.
    /// - Throws: ``EventError`` (`indexOutOfRange` or `refused`) when the event does not fit the
    ///   current state, for example popping to a stack index that does not exist.
    func apply(_ event: DemoEvent) throws(EventError)

    /// Takes a snapshot of what the shell shows now.
    ///
    /// - Returns: The tabs, navigation bar and screen, with geometry in points.
    func snapshot() -> ShellState
}

/// Makes the shells of the demo's modes.
public struct ShellFactory: Sendable {
    /// Makes the shell of the built-in scenario and of `--events`.
    public var socialApp: @MainActor @Sendable () -> any ShellModel
    /// Makes the shell of `--watch`: one tab per folder, titled by its name, badged with its count.
    public var folders: @MainActor @Sendable ([FolderCount]) -> any ShellModel

    /// Creates a factory.
    ///
    /// - Parameters:
    ///   - socialApp: Makes the shell of the built-in scenario and of `--events`.
    ///   - folders: Makes the shell of `--watch` for the given folders.
    public init(
        socialApp: @escaping @MainActor @Sendable () -> any ShellModel,
        folders: @escaping @MainActor @Sendable ([FolderCount]) -> any ShellModel
    ) {
        self.socialApp = socialApp
        self.folders = folders
    }
}
