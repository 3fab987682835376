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
