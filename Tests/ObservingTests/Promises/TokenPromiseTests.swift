import Dispatch
import Observing
import Testing

/// Promises of `ObservationToken.invalidate()` not checked elsewhere.
@Suite struct TokenPromiseTests {
    /// A handler held by a notification on another thread is released when it ends.
    ///
    /// ObservationToken.swift: "the handler is released at once, or, when a notification on
    /// another thread still holds it, as soon as that notification ends."
    @Test func aHandlerHeldByANotificationOnAnotherThreadIsReleasedWhenItEnds() {
        let counter = Counter()
        let entered = DispatchSemaphore(value: 0)
        let proceed = DispatchSemaphore(value: 0)
        weak var weakProbe: LifetimeProbe?
        let token: ObservationToken
        do {
            let probe = LifetimeProbe()
            weakProbe = probe
            token = counter.observe(\.value, options: [.new]) { _, _ in
                _ = probe
                entered.signal()
                proceed.wait()
            }
        }
        let setter = DispatchQueue(label: "TokenPromiseTests.setter")
        setter.async { counter.value = 1 }
        entered.wait()

        token.invalidate()
        #expect(!token.isValid)
        proceed.signal()
        setter.sync {}

        #expect(weakProbe == nil)
        #expect(counter.observerCount(for: \.value) == 0)
    }

    /// A token invalidated by an earlier handler misses the rest of the notification.
    ///
    /// ObservationToken.swift: "on the thread that invalidates (inside a handler, on the setting
    /// thread, [...]) nothing more is delivered at all": a token invalidated by an earlier
    /// handler of the same notification misses the rest of it, for a stored property and for a
    /// computed one.
    @Test func aTokenInvalidatedByAnEarlierHandlerMissesTheRestOfTheNotification() {
        let counter = Counter()
        let seen = Recorder<String>()
        let later = TokenPair()
        let first = counter.observe(\.value, options: [.new]) { _, change in
            seen.record("first \(change.newValue ?? -1)")
            later.stored?.invalidate()
            later.computed?.invalidate()
        }
        later.stored = counter.observe(\.value, options: [.new]) { _, change in
            seen.record("stored \(change.newValue ?? -1)")
        }
        later.computed = counter.observe(\.isPositive, options: [.new]) { _, _ in
            seen.record("computed")
        }

        counter.value = 1
        counter.value = 2

        #expect(seen.events == ["first 1", "first 2"])
        #expect(later.stored?.isValid == false && later.computed?.isValid == false)
        withExtendedLifetime(first) {}
    }
}

private final class TokenPair: @unchecked Sendable {
    var stored: ObservationToken?
    var computed: ObservationToken?
}
