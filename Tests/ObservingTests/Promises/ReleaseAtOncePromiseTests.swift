import Dispatch
import Observing
import Testing

/// Issue 31, bug 3: a handler invalidated by another handler of the same notification is
/// released at once, not when the notification's loop ends.
///
/// ObservationToken.swift: "the handler is released at once, also when another handler of the
/// notification under way invalidates it", and "when the handler is running [...] as soon as
/// that notification [...] ends". Each test keeps a probe alive only through one handler's
/// captures and checks it right after `invalidate()` returns, inside the notification.
@Suite struct ReleaseAtOncePromiseTests {
    /// Tokens a handler ends, set after the registrations are made; `@unchecked Sendable`, as
    /// the handlers are: everything here runs on the test's thread, or on a queue while the
    /// test's thread waits for it (`queue.sync`).
    final class Tokens: @unchecked Sendable {
        var first: ObservationToken?
        var second: ObservationToken?
        var third: ObservationToken?
    }

    /// The probe, held weakly, what a handler saw when it checked it, and how often the
    /// probe's handler ran; `@unchecked Sendable` as `Tokens`.
    final class Findings: @unchecked Sendable {
        weak var probe: LifetimeProbe?
        var probeGoneAfterInvalidate: Bool?
        var probeAliveAfterOwnInvalidate: Bool?
        var probedHandlerCalls = 0
        var seen: [Int] = []
    }

    /// An earlier handler ends a later one: the later one is released at once and not called.
    @Test func aLaterHandlerEndedByAnEarlierOneIsReleasedAtOnce() {
        let counter = Counter()
        let tokens = Tokens()
        let findings = Findings()
        tokens.first = counter.observe(\.value, options: [.new]) { _, _ in
            tokens.second?.invalidate()
            findings.probeGoneAfterInvalidate = findings.probe == nil
        }
        do {
            let probe = LifetimeProbe()
            findings.probe = probe
            tokens.second = counter.observe(\.value, options: [.new]) { _, _ in
                withExtendedLifetime(probe) {}
                findings.probedHandlerCalls += 1
            }
        }
        tokens.third = counter.observe(\.value) { _, _ in }

        counter.value = 1

        #expect(findings.probeGoneAfterInvalidate == true)
        #expect(findings.probedHandlerCalls == 0)
        #expect(counter.observerCount(for: \.value) == 2)
    }

    /// A later handler ends an earlier one, already called: it is released at once.
    @Test func anEarlierHandlerEndedByALaterOneIsReleasedAtOnce() {
        let counter = Counter()
        let tokens = Tokens()
        let findings = Findings()
        do {
            let probe = LifetimeProbe()
            findings.probe = probe
            tokens.first = counter.observe(\.value, options: [.new]) { _, _ in
                withExtendedLifetime(probe) {}
                findings.probedHandlerCalls += 1
            }
        }
        tokens.second = counter.observe(\.value, options: [.new]) { _, _ in
            tokens.first?.invalidate()
            findings.probeGoneAfterInvalidate = findings.probe == nil
        }

        counter.value = 1

        #expect(findings.probedHandlerCalls == 1)
        #expect(findings.probeGoneAfterInvalidate == true)
    }

    /// The same on an `ObservableProperty`, both ways round.
    @Test func anObservablePropertyHandlerEndedByAnotherIsReleasedAtOnce() {
        let level = ObservableProperty(0)
        let tokens = Tokens()
        let laterFindings = Findings()
        let earlierFindings = Findings()
        do {
            let probe = LifetimeProbe()
            earlierFindings.probe = probe
            tokens.first = level.observe { _ in
                withExtendedLifetime(probe) {}
                earlierFindings.probedHandlerCalls += 1
            }
        }
        tokens.second = level.observe { _ in
            tokens.first?.invalidate()
            earlierFindings.probeGoneAfterInvalidate = earlierFindings.probe == nil
            tokens.third?.invalidate()
            laterFindings.probeGoneAfterInvalidate = laterFindings.probe == nil
        }
        do {
            let probe = LifetimeProbe()
            laterFindings.probe = probe
            tokens.third = level.observe { _ in
                withExtendedLifetime(probe) {}
                laterFindings.probedHandlerCalls += 1
            }
        }

        level.value = 1

        #expect(earlierFindings.probedHandlerCalls == 1)
        #expect(earlierFindings.probeGoneAfterInvalidate == true)
        #expect(laterFindings.probedHandlerCalls == 0)
        #expect(laterFindings.probeGoneAfterInvalidate == true)
        #expect(level.observerCount == 1)
    }

    /// A set made from a handler waits behind the notification, listing the registrations of
    /// its store; a handler ended after that set is released at once all the same, and the
    /// waiting notification skips it.
    @Test func aHandlerListedByAWaitingNotificationIsReleasedAtOnce() {
        let counter = Counter()
        let tokens = Tokens()
        let findings = Findings()
        tokens.first = counter.observe(\.value, options: [.new]) { counter, change in
            findings.seen.append(change.newValue ?? -1)
            guard change.newValue == 1 else { return }
            // A registration made first changes the list, so that the waiting notification lists
            // a copy of its own, not the one this loop walks.
            tokens.third = counter.observe(\.value) { _, _ in }
            counter.value = 2
            tokens.second?.invalidate()
            findings.probeGoneAfterInvalidate = findings.probe == nil
        }
        do {
            let probe = LifetimeProbe()
            findings.probe = probe
            tokens.second = counter.observe(\.value, options: [.new]) { _, _ in
                withExtendedLifetime(probe) {}
                findings.probedHandlerCalls += 1
            }
        }

        counter.value = 1

        #expect(findings.probeGoneAfterInvalidate == true)
        #expect(findings.probedHandlerCalls == 0)
        #expect(findings.seen == [1, 2])
        #expect(counter.value == 2)
    }

    /// The same on an `ObservableProperty`, whose set from a handler waits as well.
    @Test func anObservablePropertyHandlerListedByAWaitingNotificationIsReleasedAtOnce() {
        let level = ObservableProperty(0)
        let tokens = Tokens()
        let findings = Findings()
        tokens.first = level.observe(options: [.new]) { change in
            findings.seen.append(change.newValue ?? -1)
            guard change.newValue == 1 else { return }
            // As above: the waiting notification lists a copy of its own.
            tokens.third = level.observe { _ in }
            level.value = 2
            tokens.second?.invalidate()
            findings.probeGoneAfterInvalidate = findings.probe == nil
        }
        do {
            let probe = LifetimeProbe()
            findings.probe = probe
            tokens.second = level.observe { _ in
                withExtendedLifetime(probe) {}
                findings.probedHandlerCalls += 1
            }
        }

        level.value = 1

        #expect(findings.probeGoneAfterInvalidate == true)
        #expect(findings.probedHandlerCalls == 0)
        #expect(findings.seen == [1, 2])
    }

    /// A handler of another property, called from inside this notification, ends a handler of
    /// this one: released at once.
    @Test func aHandlerEndedFromANestedNotificationIsReleasedAtOnce() {
        let counter = Counter()
        let other = Counter()
        let tokens = Tokens()
        let findings = Findings()
        tokens.first = counter.observe(\.value) { _, _ in other.value += 1 }
        do {
            let probe = LifetimeProbe()
            findings.probe = probe
            tokens.second = counter.observe(\.value) { _, _ in
                withExtendedLifetime(probe) {}
                findings.probedHandlerCalls += 1
            }
        }
        let otherToken = other.observe(\.value) { _, _ in
            tokens.second?.invalidate()
            findings.probeGoneAfterInvalidate = findings.probe == nil
        }

        counter.value = 1

        #expect(findings.probeGoneAfterInvalidate == true)
        #expect(findings.probedHandlerCalls == 0)
        otherToken.invalidate()
    }

    /// A prior handler ends another inside an open `willChangeValue`/`didChangeValue` pair: the
    /// pair's list lets it go at once, and its `didChangeValue` does not call it.
    @Test func aHandlerEndedInsideAManualPairIsReleasedAtOnce() {
        let counter = Counter()
        let tokens = Tokens()
        let findings = Findings()
        tokens.first = counter.observe(\.value, options: [.prior]) { _, change in
            guard change.isPrior else { return }
            tokens.second?.invalidate()
            findings.probeGoneAfterInvalidate = findings.probe == nil
        }
        do {
            let probe = LifetimeProbe()
            findings.probe = probe
            tokens.second = counter.observe(\.value, options: [.prior]) { _, _ in
                withExtendedLifetime(probe) {}
                findings.probedHandlerCalls += 1
            }
        }

        counter.willChangeValue(for: \.value)
        counter.didChangeValue(for: \.value)

        #expect(findings.probeGoneAfterInvalidate == true)
        #expect(findings.probedHandlerCalls == 0)
    }

    /// A manual pair opened inside a notification lists the registrations of its
    /// `willChangeValue` until its `didChangeValue`; a handler ended while it is open is
    /// released at once and not told of the pair.
    @Test func aHandlerListedByAPairOpenedInsideANotificationIsReleasedAtOnce() {
        let counter = Counter()
        let tokens = Tokens()
        let findings = Findings()
        tokens.first = counter.observe(\.value, options: [.new]) { counter, _ in
            // Once: the pair's own notification calls this handler again.
            guard tokens.third == nil else { return }
            // A registration made first changes the list, so that the pair lists a copy of its
            // own, not the one this loop walks.
            tokens.third = counter.observe(\.value) { _, _ in }
            counter.willChangeValue(for: \.value)
            tokens.second?.invalidate()
            findings.probeGoneAfterInvalidate = findings.probe == nil
            counter.didChangeValue(for: \.value)
        }
        do {
            let probe = LifetimeProbe()
            findings.probe = probe
            tokens.second = counter.observe(\.value) { _, _ in
                withExtendedLifetime(probe) {}
                findings.probedHandlerCalls += 1
            }
        }

        counter.value = 1

        #expect(findings.probeGoneAfterInvalidate == true)
        #expect(findings.probedHandlerCalls == 0)
    }

    /// A handler that waits for another thread, which notifies a pair on the same property
    /// and there ends the waiting handler's registration, is not released under its call: the
    /// other thread's loop sees the waiting loop's frame, which is calling it.
    @Test func aHandlerWaitingForAnotherThreadIsNotReleasedUnderItsCall() {
        let counter = Counter()
        let tokens = Tokens()
        let findings = Findings()
        let queue = DispatchQueue(label: "ReleaseAtOncePromiseTests.handOff")
        do {
            let probe = LifetimeProbe()
            findings.probe = probe
            tokens.first = counter.observe(\.value, options: [.new]) { counter, _ in
                findings.probedHandlerCalls += 1
                // Once: the pair's notification, on the queue, calls this handler again.
                guard findings.probedHandlerCalls == 1 else { return }
                queue.sync {
                    counter.willChangeValue(for: \.value)
                    counter.didChangeValue(for: \.value)
                }
                // The probe's one strong reference is this closure's context.
                findings.probeAliveAfterOwnInvalidate = findings.probe != nil
                withExtendedLifetime(probe) {}
            }
        }
        tokens.second = counter.observe(\.value) { _, _ in tokens.first?.invalidate() }

        counter.value = 1

        #expect(findings.probedHandlerCalls == 2)
        #expect(findings.probeAliveAfterOwnInvalidate == true)
        #expect(findings.probe == nil)
        #expect(counter.observerCount(for: \.value) == 1)
    }

    /// A handler that ends its own registration keeps running to its end (what it captures is
    /// still there), and is released when the notification lets it go.
    @Test func aHandlerThatEndsItselfFinishesItsCallAndIsReleasedAfterIt() {
        let counter = Counter()
        let tokens = Tokens()
        let findings = Findings()
        do {
            let probe = LifetimeProbe()
            findings.probe = probe
            tokens.first = counter.observe(\.value) { _, _ in
                tokens.first?.invalidate()
                // The probe's one strong reference is this closure's context.
                findings.probeAliveAfterOwnInvalidate = findings.probe != nil
                withExtendedLifetime(probe) {}
            }
        }
        tokens.second = counter.observe(\.value) { _, _ in }

        counter.value = 1

        #expect(findings.probeAliveAfterOwnInvalidate == true)
        #expect(findings.probe == nil)
        #expect(counter.observerCount(for: \.value) == 1)
    }
}
