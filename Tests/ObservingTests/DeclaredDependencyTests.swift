import Observing
import Testing

/// `isVisible` short-circuits: while `flag` is true its getter never reads `count`, which it
/// still depends on, as KVO's `keyPathsForValuesAffectingValue(forKey:)` declares.
final class Visibility: KeyValueObservable {
    @Observed var flag = true
    @Observed var count = 0
    /// Storage that is not `@Observed`, notified by hand.
    var limit = 10
    var isVisible: Bool { flag || count > 0 }
    var summary: String { "\(count)/\(limit)" }

    static func keyPathsForValuesAffectingValue(for keyPath: AnyKeyPath) -> [AnyKeyPath] {
        switch keyPath {
        case \Visibility.isVisible: [\Visibility.count]
        case \Visibility.summary: [\Visibility.limit]
        default: []
        }
    }

    static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool {
        keyPath != \Visibility.limit
    }
}

/// The Migrating from KVO article's short-circuiting getter, with nothing declared.
final class PinnedBadge: KeyValueObservable {
    @Observed var isPinned = true
    @Observed var count = 0
    var isVisible: Bool { isPinned || count > 0 }
}

/// `a` depends on `b`, `b` on `a` (a cycle) and on `c`: all notified by hand.
final class ChainedDependencies: KeyValueObservable {
    var a = 0
    var b = 0
    var c = 0

    static func keyPathsForValuesAffectingValue(for keyPath: AnyKeyPath) -> [AnyKeyPath] {
        switch keyPath {
        case \ChainedDependencies.a: [\ChainedDependencies.b]
        case \ChainedDependencies.b: [\ChainedDependencies.a, \ChainedDependencies.c]
        default: []
        }
    }

    static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool { false }
}

@MainActor
@Suite struct DeclaredDependencyTests {
    /// A short-circuiting getter with nothing declared: every set that can change the value
    /// notifies, and a set of the skipped dependency, which cannot, does not (KVO, with `count`
    /// declared, would notify it), because each evaluation tracks the branch it takes.
    @Test func aShortCircuitedGetterWithNothingDeclaredFollowsTheBranchItTakes() {
        let badge = PinnedBadge()
        var values: [Bool] = []
        let token = badge.observe(\.isVisible, options: [.new]) { _, change in
            values.append(change.newValue ?? false)
        }
        badge.count = 1  // `isPinned` is true: `count` cannot change the value, and notifies no one.
        #expect(values == [])
        badge.isPinned = false  // the getter now reads `count` too
        badge.count = 0
        badge.isPinned = true  // back to reading `isPinned` alone
        badge.count = 5
        #expect(values == [true, false, true])
        #expect(badge.isVisible)
        withExtendedLifetime(token) {}
    }

    @Test func dependenciesAreTransitiveAndACycleEnds() {
        let model = ChainedDependencies()
        var calls: [String] = []
        let tokens = [
            model.observe(\.a) { _, _ in calls.append("a") },
            model.observe(\.b) { _, _ in calls.append("b") },
        ]
        model.willChangeValue(for: \.c)
        model.didChangeValue(for: \.c)
        #expect(calls.sorted() == ["a", "b"])
        calls = []
        model.willChangeValue(for: \.a)
        model.didChangeValue(for: \.a)
        #expect(calls.sorted() == ["a", "b"])
        withExtendedLifetime(tokens) {}
    }

    @Test func aDependencyTheGetterSkipsStillNotifies() {
        let model = Visibility()
        var values: [Bool] = []
        let token = model.observe(\.isVisible, options: [.new]) { _, change in
            values.append(change.newValue ?? false)
        }
        model.count = 1  // `flag` is true: the getter did not read `count`
        model.flag = false
        model.count = 0
        #expect(values == [true, true, false])
        withExtendedLifetime(token) {}
    }

    @Test func anUndeclaredComputedPropertyFollowsItsReads() {
        let model = Counter()
        var calls = 0
        // `isPositive` declares nothing: only what its getter reads notifies it.
        let token = model.observe(\.isPositive) { _, _ in calls += 1 }
        model.value = 1
        #expect(calls == 1)
        withExtendedLifetime(token) {}
    }

    @Test func aDependencyNotifiedByHandNotifies() {
        let model = Visibility()
        var values: [String] = []
        let token = model.observe(\.summary, options: [.old, .new]) { _, change in
            values.append("\(change.oldValue ?? "-") -> \(change.newValue ?? "-")")
        }
        model.willChangeValue(for: \.limit)
        model.limit = 20
        model.didChangeValue(for: \.limit)
        model.count = 3
        #expect(values == ["0/10 -> 0/20", "0/20 -> 3/20"])
        #expect(model.observerCount(for: \.summary) == 1)
        withExtendedLifetime(token) {}
    }

    @Test func aManualPairOnADerivedKeyPathNotifiesItsObservers() {
        let model = Visibility()
        var calls: [Bool] = []
        let token = model.observe(\.isVisible, options: [.prior, .new]) { _, change in
            calls.append(change.isPrior)
        }
        model.willChangeValue(for: \.isVisible)
        model.didChangeValue(for: \.isVisible)
        #expect(calls == [true, false])
        withExtendedLifetime(token) {}
    }

    @Test func anObserverOfADerivedKeyPathIsRemovable() {
        let model = Visibility()
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        model.addObserver(observer, forKeyPath: \.summary, options: [.new])
        #expect(model.removeObserver(observer, forKeyPath: \.summary) == true)
        model.willChangeValue(for: \.limit)
        model.didChangeValue(for: \.limit)
        model.count = 5
        #expect(recorder.events.isEmpty)
    }
}
