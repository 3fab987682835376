extension DemoRunner {
    /// Plays the built-in scenario on the social-app shell.
    func runScenario() async {
        let shell = shells.socialApp()
        showStart(of: shell)
        for (offset, event) in Scenario.socialApp.enumerated() {
            guard !Task.isCancelled, !outputFailed else { return }
            await perform(event, on: shell, in: "<scenario>", line: offset + 1)
        }
    }
}
