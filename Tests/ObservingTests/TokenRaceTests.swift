import Dispatch
import Foundation
import Observing
import Synchronization
import Testing

/// Tokens used from two threads at once where one of them ends what the token ends: the races a
/// cold review of the one-record change found (both reproduced before the fix).
@Suite struct TokenRaceTests {
    /// Two threads invalidate one two-way binding's token at once.
    ///
    /// Each `invalidate()` returns only once both directions are removed, as `invalidate()`
    /// promises ("after it returns, nothing more is delivered"). The second caller returned at once while the first was
    /// still ending them (about 1 call in 130 found a direction still registered).
    @Test func aTwoWayBindingInvalidatedOnTwoThreadsIsEndedWhenEitherCallReturns() {
        let violations = Atomic<Int>(0)
        // The counts read the properties, which belong to one thread at a time: the two
        // threads take turns for them (an `NSLock` is a pthread mutex, which ThreadSanitizer
        // sees), and only for them, so the invalidations still race.
        let reading = NSLock()
        for _ in 0..<1_000 {
            let left = RaceValue()
            let right = RaceValue()
            let token = left.bind(\.value, twoWayTo: right, \.value)
            let ready = Atomic<Int>(0)
            let body: @Sendable () -> Void = {
                ready.add(1, ordering: .sequentiallyConsistent)
                while ready.load(ordering: .sequentiallyConsistent) < 2 {}
                token.invalidate()
                let isRegistered = reading.withLock {
                    left.observerCount(for: \.value) != 0 || right.observerCount(for: \.value) != 0
                }
                if isRegistered { violations.add(1, ordering: .relaxed) }
            }
            runOnThreads([body, body])
        }
        #expect(violations.load(ordering: .relaxed) == 0)
    }

    /// `isValid` of a token on a key path notified by hand, while another thread drops the
    /// object, which holds a second token of the same registry.
    ///
    /// `isValid` loads the object weakly; when that load holds the last strong reference, the
    /// object's `deinit` runs there and ends the second token, which takes the registry's lock.
    /// The load was made under that lock, and the thread deadlocked within a few iterations.
    /// The iterations run on a thread of their own, so that a deadlock fails this test instead
    /// of hanging the run.
    @Test func isValidWhileTheObjectThatHoldsTheTokensDiesDoesNotDeadlock() {
        let iterations = 500
        let finished = DispatchSemaphore(value: 0)
        let completed = Atomic<Int>(0)
        Thread {
            for _ in 0..<iterations {
                let (first, holder) = Self.modelHoldingItsTokens()
                let ready = Atomic<Int>(0)
                runOnThreads([
                    {
                        ready.add(1, ordering: .sequentiallyConsistent)
                        while ready.load(ordering: .sequentiallyConsistent) < 2 {}
                        while first.isValid {}
                    },
                    {
                        ready.add(1, ordering: .sequentiallyConsistent)
                        while ready.load(ordering: .sequentiallyConsistent) < 2 {}
                        holder.drop()
                    },
                ])
                completed.add(1, ordering: .relaxed)
            }
            finished.signal()
        }.start()
        // A hang detector, not a timing assertion: the loop takes well under a second.
        let result = finished.wait(timeout: .now() + 120)
        let finishedCount = completed.load(ordering: .relaxed)
        #expect(result == .success, "\(finishedCount) of \(iterations) iterations finished")
    }

    /// A model held only by the returned holder, with two tokens of one registry that it holds;
    /// the first is returned too.
    private static func modelHoldingItsTokens() -> (ObservationToken, RaceHolder) {
        let model = RaceNotifiedByHand()
        let first = model.observe(\.note) { _, _ in }
        model.tokens = [first, model.observe(\.note) { _, _ in }]
        return (first, RaceHolder(model))
    }
}

private final class RaceValue: KeyValueObservable, @unchecked Sendable {
    // Sendable: the tests never set `value`; the registry's own lock guards its registrations.
    @Observed var value = 0
}

/// A class whose `note` is notified by hand and which holds its own tokens.
private final class RaceNotifiedByHand: KeyValueObservable, @unchecked Sendable {
    // Sendable: the tests set nothing after sharing it; `tokens` is written before.
    private var storedNote = ""
    var tokens: [ObservationToken] = []

    var note: String {
        get { storedNote }
        set {
            willChangeValue(for: \.note)
            storedNote = newValue
            didChangeValue(for: \.note)
        }
    }

    static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool {
        keyPath != \RaceNotifiedByHand.note
    }
}

/// The one strong reference to a model, dropped on another thread.
private final class RaceHolder: @unchecked Sendable {
    // Sendable: `model` is written once more, by `drop()`, on one thread.
    private var model: RaceNotifiedByHand?

    init(_ model: RaceNotifiedByHand) { self.model = model }

    func drop() { model = nil }
}
