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
}
