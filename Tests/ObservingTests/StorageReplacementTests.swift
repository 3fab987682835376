import Observing
import Testing

/// A handler that replaces the property's own storage (`_name = Observed(...)`).
@Suite struct StorageReplacementTests {
    @Test func replacingTheStorageFromAnAfterHandlerKeepsThePropertyWorking() {
        let model = Replaceable()
        let seen = Recorder<String>()
        let old = model.observe(\.name, options: [.new]) { model, change in
            seen.record("old \(change.newValue ?? "-")")
            if change.newValue == "replace" { model.replaceStorage(with: "x") }
        }
        let second = model.observe(\.name, options: [.new]) { _, change in
            seen.record("second \(change.newValue ?? "-")")
        }

        model.name = "replace"

        // The notification in flight still reaches the old storage's observers; then their
        // registrations end with the old storage.
        #expect(seen.events == ["old replace", "second replace"])
        #expect(model.name == "x")
        #expect(!old.isValid && !second.isValid)
        #expect(model.observerCount(for: \.name) == 0)

        let fresh = model.observe(\.name, options: [.new]) { _, change in
            seen.record("fresh \(change.newValue ?? "-")")
        }
        model.name = "after"
        #expect(seen.events.last == "fresh after")
        #expect(model.name == "after")
        #expect(model.observerCount(for: \.name) == 1)
        withExtendedLifetime(fresh) {}
    }

    @Test func replacingTheStorageFromAPriorHandlerLetsTheReplacementWin() {
        let model = Replaceable()
        let seen = Recorder<String>()
        let token = model.observe(\.name, options: [.prior, .new]) { model, change in
            seen.record(change.isPrior ? "prior reads=\(model.name)" : "after \(change.newValue ?? "-")")
            if change.isPrior { model.replaceStorage(with: "x") }
        }

        model.name = "set"

        #expect(seen.events == ["prior reads="])
        #expect(model.name == "x")
        #expect(!token.isValid)
    }

    @Test func setsDeferredBeforeTheReplacementReachTheNewStorage() {
        let model = Replaceable()
        let seen = Recorder<String>()
        let token = model.observe(\.name, options: [.prior, .new]) { model, change in
            guard change.isPrior, model.name.isEmpty else { return }
            model.name = "deferred"
            model.replaceStorage(with: "x")
        }
        model.name = "set"
        #expect(model.name == "deferred")
        #expect(!token.isValid)
        let fresh = model.observe(\.name, options: [.new]) { _, change in seen.record(change.newValue ?? "-")
        }
        model.name = "later"
        #expect(seen.events == ["later"])
        withExtendedLifetime(fresh) {}
    }
}

private final class Replaceable: KeyValueObservable {
    @Observed var name = ""

    func replaceStorage(with value: String) {
        _name = Observed(wrappedValue: value)
    }
}
