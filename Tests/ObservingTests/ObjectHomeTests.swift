import Testing

@testable import Observing

/// A view model whose computed property counts the reads of its getter.
private final class CountingModel: KeyValueObservable, @unchecked Sendable {
    // Unchecked: used on one thread by each test.
    @Observed var first = 0
    @Observed var second = 0
    var getterCalls = 0
    var sum: Int {
        getterCalls += 1
        return first + second
    }
}

private final class CallCounter: KeyValueObserver {
    var calls = 0
    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        calls += 1
    }
}

/// What an object needs beyond its `@Observed` storages lives in its home (`ObjectHome`), in
/// one table; object-level operations read it without running user code.
@Suite struct ObjectHomeTests {
    @Test func objectLevelOperationsRunNoGetter() {
        let model = CountingModel()
        let observer = CallCounter()
        let token = model.observe(\.sum) { _, _ in }
        model.addObserver(observer, forKeyPath: \.first)
        let readsAfterRegistering = model.getterCalls

        _ = model.observationSnapshot
        _ = model.observationDescription
        #expect(model.totalObserverCount == 2)
        #expect(model.removeObserver(observer) == 1)
        #expect(model.getterCalls == readsAfterRegistering)
        withExtendedLifetime(token) {}
    }

    @Test func aHomeHoldsItsObjectWeakly() {
        weak var released: CountingModel?
        do {
            let model = CountingModel()
            released = model
            let tokens = [model.observe(\.first) { _, _ in }, model.observe(\.sum) { _, _ in }]
            model.willChangeValue(for: \.getterCalls)
            model.didChangeValue(for: \.getterCalls)
            #expect(ObjectHome.of(model) != nil)
            withExtendedLifetime(tokens) {}
        }
        #expect(released == nil)
    }

    /// A pair on an `@Observed` property lives in the property's registry, with its old value
    /// typed: the object needs no home, and the pair takes no lock of the table of homes.
    @MainActor @Test func aPairOnAnObservedPropertyNeedsNoHome() {
        let model = CountingModel()
        var calls: [String] = []
        let token = model.observe(\.first, options: [.old, .new]) { _, change in
            calls.append("\(change.oldValue ?? -1)->\(change.newValue ?? -1)")
        }
        model.willChangeValue(for: \.first)
        model.first = 7
        model.didChangeValue(for: \.first)
        #expect(calls == ["0->7"])
        #expect(ObjectHome.of(model) == nil)
        withExtendedLifetime(token) {}
    }
}
