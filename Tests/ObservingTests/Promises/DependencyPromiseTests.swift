import Observing
import Testing

/// Promises of `keyPathsForValuesAffectingValue(for:)` not checked elsewhere.
@Suite struct DependencyPromiseTests {
    /// Declared dependencies of an observed property are ignored.
    ///
    /// KeyValueObservable.swift (`keyPathsForValuesAffectingValue(for:)`): "not consulted for a
    /// key path that names an `@Observed` property itself."
    @Test func declaredDependenciesOfAnObservedPropertyAreIgnored() {
        let model = Declaring()
        let calls = Recorder<Int>()
        let token = model.observe(\.count, options: [.new]) { _, change in
            calls.record(change.newValue ?? -1)
        }

        model.other = 1
        model.count = 2

        #expect(calls.events == [2])
        #expect(model.observerCount(for: \.other) == 0)
        token.invalidate()
    }
}

private final class Declaring: KeyValueObservable {
    @Observed var count = 0
    @Observed var other = 0

    static func keyPathsForValuesAffectingValue(for keyPath: AnyKeyPath) -> [AnyKeyPath] {
        keyPath == \Declaring.count ? [\Declaring.other] : []
    }
}
