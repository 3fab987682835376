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
