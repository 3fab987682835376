import Observing

/// A model observed as a whole, for autosave.
final class Draft: KeyValueObservable, WholeObjectObservable {
    @Observed var title = ""
    @Observed var body = ""
    @Observed var tags: Set<String> = []
}

/// A main-actor view model that counts unsaved changes with one whole-object registration
/// and prints what observes the draft: no `@Sendable`, no `assumeIsolated`, no
/// `@unchecked Sendable`.
@MainActor
final class AutosaveViewModel {
    let draft: Draft
    private(set) var unsavedChanges = 0
    private var token: ObservationToken?

    init(draft: Draft) {
        self.draft = draft
        token = draft.observeChanges { [weak self] draft, keyPath, change in
            self?.unsavedChanges += 1
        }
    }

    func didSave() -> String {
        unsavedChanges = 0
        return draft.observationDescription
    }
}

@MainActor
func autosaveViewModelRuns() {
    let draft = Draft()
    let model = AutosaveViewModel(draft: draft)
    draft.title = "Minutes"
    draft.tags.insert("meeting")
    let unsaved = model.unsavedChanges
    let summary = model.didSave().prefix { $0 != "\n" }
    print("autosave:", unsaved, summary)
}
