import Dispatch
import Observing
import Testing

/// Hammer tests; CI runs them under ThreadSanitizer (`swift test --sanitize=thread`).
@Suite struct ConcurrencyTests {
    @Test func invalidatingTokensOnOtherThreadsWhileSettingIsSafe() {
        let counter = Counter()
        let delivered = Recorder<Int>()
        let tokens = UncheckedBox(
            (0..<200).map { index in
                counter.observe(\.value, options: [.new]) { _, change in
                    if index == 0 { delivered.record(change.newValue ?? -1) }
                }
            })
        let permanent = counter.observe(\.value, options: [.new]) { _, _ in }

        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            if worker == 0 {
                for value in 1...2_000 { counter.value = value }
            } else {
                for (index, token) in tokens.value.enumerated() where index % 2 == worker - 1 {
                    token.invalidate()
                    token.invalidate()
                }
            }
        }

        #expect(tokens.value.allSatisfy { !$0.isValid })
        #expect(counter.observerCount(for: \.value) == 1)
        // Token 0's deliveries stop at some point but are in order and never duplicated.
        let values = delivered.events
        #expect(values == Array(values.sorted()))
        #expect(Set(values).count == values.count)
        permanent.invalidate()
    }

    @Test func droppingTokensAndObserversOnOtherThreadsWhileSettingIsSafe() {
        let item = TabItem()
        let recorder = Recorder<ObservedCall>()
        let observers = UncheckedBox((0..<100).map { RecordingObserver("O\($0)", recorder: recorder) })
        for observer in observers.value { item.addObserver(observer, forKeyPath: \.title, options: [.new]) }
        let tokens = UncheckedBox((0..<100).map { _ in item.observe(\.title) { _, _ in } })

        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            switch worker {
            case 0: for index in 0..<1_000 { item.title = "t\(index)" }
            case 1: observers.value.removeAll()
            default: tokens.value.removeAll()
            }
        }

        #expect(item.observerCount(for: \.title) == 0)
    }

    @Test func multicastDelegateIsSafeFromSeveralThreads() {
        let delegates = MulticastDelegate<any Pinging>()
        let kept = (0..<10).map { _ in PingCounter() }
        for delegate in kept { delegates.add(delegate) }

        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            for _ in 0..<500 {
                switch worker {
                case 0: delegates.invoke { $0.ping() }
                case 1:
                    let transient = PingCounter()
                    delegates.add(transient)
                    delegates.remove(transient)
                default: delegates.add(PingCounter())  // deallocates at once
                }
            }
        }

        #expect(delegates.count == 10)
        #expect(kept.allSatisfy { $0.count == 500 })
    }
}

/// Shares a value between test threads whose accesses the test orders itself.
private final class UncheckedBox<Value>: @unchecked Sendable {
    var value: Value
    init(_ value: Value) { self.value = value }
}

/// `Sendable`, so that a `MulticastDelegate` of pingers may be shared between threads.
protocol Pinging: AnyObject, Sendable {
    func ping()
}

private final class PingCounter: Pinging {
    private let lock = Recorder<Int>()
    func ping() { lock.record(1) }
    var count: Int { lock.events.count }
}
