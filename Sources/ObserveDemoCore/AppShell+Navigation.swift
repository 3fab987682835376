import TabBarModel

extension AppShell {
    /// Applies a navigation event (`push`, `pop`, `popTo`, `popToRoot`).
    ///
    /// Not implemented yet: `NavigationController` (issue 5) has not landed in TabBarModel, so
    /// every navigation event is refused and changes nothing.
    ///
    /// - Parameter event: A navigation event.
    /// - Throws: ``EventError/refused(_:)`` always, until issue 5 lands.
    func applyNavigation(_ event: DemoEvent) throws(EventError) {
        throw .refused("navigation events are not supported yet (NavigationController, issue 5)")
    }

    /// The navigation bar of the selected tab; `nil` until `NavigationController` lands (issue 5).
    func navigationSnapshot() -> ShellState.Navigation? {
        nil
    }

    /// The name of the screen on show: the selected tab's controller's title.
    func screenTitle() -> String {
        controller.selectedViewController?.title ?? ""
    }
}
