import Observing
import Testing

/// The token-receiving `observe` lets a handler end its own observation, from the `.initial`
/// call too (FBKVOController's `testUnobserveWithinBlockWithOptionInitial`).
@MainActor
@Suite struct InitialTokenTests {
    @Test func aHandlerEndsItsObservationFromTheInitialCall() {
        let counter = Counter()
        var calls: [Int] = []
        let token = counter.observe(\.value, options: [.initial, .new]) { _, change, token in
            calls.append(change.newValue ?? -1)
            token.invalidate()
        }
        #expect(calls == [0])
        #expect(token.isValid == false)
        counter.value = 1
        #expect(calls == [0])
        #expect(counter.observerCount(for: \.value) == 0)
    }

    @Test func theTokenPassedIsTheOneReturned() {
        let counter = Counter()
        var passed: [ObservationToken] = []
        let token = counter.observe(\.value, options: [.new]) { _, _, token in passed.append(token) }
        counter.value = 1
        #expect(passed.count == 1)
        #expect(passed.first === token)
        #expect(token.isValid)
    }

    @Test func aHandlerEndsItsObservationLater() {
        let counter = Counter()
        var calls: [Int] = []
        let token = counter.observe(\.value, options: [.new]) { _, change, token in
            calls.append(change.newValue ?? -1)
            if change.newValue == 2 { token.invalidate() }
        }
        counter.value = 1
        counter.value = 2
        counter.value = 3
        #expect(calls == [1, 2])
        #expect(!token.isValid)
    }

    @Test func droppingTheTokenEndsTheObservation() {
        let counter = Counter()
        var calls = 0
        do {
            _ = counter.observe(\.value) { _, _, _ in calls += 1 }
        }
        counter.value = 1
        #expect(calls == 0)
        #expect(counter.observerCount(for: \.value) == 0)
    }
}
