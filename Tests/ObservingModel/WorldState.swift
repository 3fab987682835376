/// The observable state of the world after a step.
///
/// Values, `observerCount(for:)` of every key path, and `isValid` of every token the test
/// holds. Compared as a whole; listed name by name only when it differs.
package struct WorldState: Equatable {
    package struct Subject: Equatable {
        var id: Int
        var title: String
        package var messages: [String]
        var tags: Set<String>
        package var note: String
        var child: Int?
        /// Counts for `title`, `messages`, `summary`, `child?.name`, `tags`, `note`
        /// (`SubjectKeyPath` order), then `child`.
        var counts: [Int]
    }

    package var subjects: [Subject] = []
    var childNames: [String] = []
    var childCounts: [Int] = []
    var fieldTexts: [String] = []
    var fieldCounts: [Int] = []
    var labels: [Int: String] = [:]
    var property = 0
    var propertyCount = 0
    var replaceable = ""
    var replaceableCount = 0
    var normalized: [String] = []
    var tokens: [Int: Bool] = [:]
    /// The dropped objects still alive (a subject that calls waiting on the queue hold).
    var alive: Set<String> = []
    /// The observations whose handler (the probe it captures) is still alive.
    var probes: Set<Int> = []
    /// The tracked object's two properties.
    var tracked: [String] = []
    /// The view models in their slots: caption, and counts for `caption` and `lowered`.
    struct ViewModel: Equatable {
        var id: Int
        var caption: String
        var counts: [Int]
    }

    var viewModels: [ViewModel?] = []
    /// The switching object's `useA`, `a` and `b`, and the counts of `a`, `b` and `shown`.
    var switching: [String] = []
    var switchingCounts: [Int] = []

    /// The state name by name, for a readable difference.
    var entries: [String: String] {
        var entries: [String: String] = [:]
        let countNames = SubjectKeyPath.allCases.map(\.name) + ["child"]
        for (slot, subject) in subjects.enumerated() {
            entries["slot\(slot)"] = "s\(subject.id)"
            entries["s\(subject.id).title"] = ModelRender.text(subject.title)
            entries["s\(subject.id).messages"] = ModelRender.list(subject.messages)
            entries["s\(subject.id).tags"] = ModelRender.set(subject.tags)
            entries["s\(subject.id).note"] = ModelRender.text(subject.note)
            entries["s\(subject.id).child"] = subject.child.map { "c\($0)" } ?? "nil"
            for (name, count) in zip(countNames, subject.counts) {
                entries["observerCount(for: s\(subject.id).\(name))"] = String(count)
            }
        }
        for (index, name) in childNames.enumerated() { entries["c\(index).name"] = ModelRender.text(name) }
        for (index, count) in childCounts.enumerated() {
            entries["observerCount(for: c\(index).name)"] = String(count)
        }
        for (index, text) in fieldTexts.enumerated() { entries["f\(index).text"] = ModelRender.text(text) }
        for (index, count) in fieldCounts.enumerated() {
            entries["observerCount(for: f\(index).text)"] = String(count)
        }
        for (id, text) in labels { entries["l\(id).text"] = ModelRender.text(text) }
        entries["property.value"] = String(property)
        entries["property.observerCount"] = String(propertyCount)
        entries["replaceable.name"] = ModelRender.text(replaceable)
        entries["observerCount(for: replaceable.name)"] = String(replaceableCount)
        for (index, text) in normalized.enumerated() {
            entries["normalizing pair side \(index)"] = ModelRender.text(text)
        }
        for (id, isValid) in tokens { entries["t\(id).isValid"] = String(isValid) }
        for name in alive { entries["\(name) is alive"] = "true" }
        for id in probes { entries["t\(id)'s handler is alive"] = "true" }
        for (slot, viewModel) in viewModels.enumerated() {
            guard let viewModel else { continue }
            entries["view model slot \(slot)"] = "v\(viewModel.id)"
            entries["v\(viewModel.id).caption"] = ModelRender.text(viewModel.caption)
            for (name, count) in zip(["caption", "lowered"], viewModel.counts) {
                entries["observerCount(for: v\(viewModel.id).\(name))"] = String(count)
            }
        }
        for (name, value) in zip(["useA", "a", "b"], switching) { entries["switching.\(name)"] = value }
        for (name, count) in zip(["a", "b", "shown"], switchingCounts) {
            entries["observerCount(for: switching.\(name))"] = String(count)
        }
        for (index, value) in tracked.enumerated() {
            entries["tracked.\(TrackedRead.property(index).name)"] = ModelRender.text(value)
        }
        return entries
    }
}
