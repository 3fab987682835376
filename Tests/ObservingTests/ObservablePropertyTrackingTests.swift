import Dispatch
import Foundation
import Observing
import Testing

@testable import Observing

/// A model that keeps its state in `ObservableProperty`s, set from any thread, with computed
/// properties over them.
final class Meter: KeyValueObservable, Sendable {
    let level = ObservableProperty(0)
    let usesPercent = ObservableProperty(false)
    let percentLevel = ObservableProperty(0)
    var scaled: Int { level.value * 10 }
    /// Reads `percentLevel` or `level`, as `usesPercent` says: it re-wires.
    var shown: Int { usesPercent.value ? percentLevel.value : level.value }
}

/// A view model with no storage of its own, over a shared `Meter`.
final class MeterViewModel: KeyValueObservable, Sendable {
    let meter: Meter
    init(_ meter: Meter) { self.meter = meter }
    var text: String { "level \(meter.level.value)" }
}

/// Two `ObservableProperty`s summed, set from several threads.
final class Mixer: KeyValueObservable, Sendable {
    let left = ObservableProperty(0)
    let right = ObservableProperty(0)
    var total: Int { left.value + right.value }
}

/// Counts the handler calls running at once.
private final class RunningCalls: @unchecked Sendable {
    // Unchecked: `count` is guarded by `lock`.
    private let lock = NSLock()
    private var count = 0

    /// Enters a call; `false` if another call is running.
    func enter() -> Bool {
        lock.withLock {
            count += 1
            return count == 1
        }
    }

    func leave() {
        lock.withLock { count -= 1 }
    }
}

/// Records the calls of a `KeyValueObserver` as their new values.
private final class TrackingObserver: KeyValueObserver, @unchecked Sendable {
    // Unchecked: each test calls it on one thread.
    var newValues: [Int] = []
    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        newValues.append(change.newValue(as: Int.self) ?? -1)
    }
}

/// A computed property or a chain that reads `ObservableProperty.value` is observable as if it
/// read `@Observed` storage, with every form of registration, and re-wires as it reads other
/// properties.
@Suite struct ObservablePropertyTrackingTests {
    @Test func aComputedPropertyOverAPropertyReportsEachChangeWithItsOldAndNewValues() {
        let meter = Meter()
        let changes = Recorder<String>()
        let token = meter.observe(\.scaled, options: [.initial, .old, .new]) { _, change in
            changes.record("\(change.oldValue.map(String.init) ?? "nil")->\(change.newValue ?? -1)")
        }
        meter.level.value = 1
        meter.level.modify { $0 += 2 }
        #expect(changes.events == ["nil->0", "0->10", "10->30"])
        token.invalidate()
        meter.level.value = 4
        #expect(changes.events.count == 3)
    }

    @Test func aChainThroughAPropertyIsObserved() {
        let meter = Meter()
        let values = Recorder<Int>()
        let token = meter.observe(\.level.value, options: [.new]) { _, change in
            values.record(change.newValue ?? -1)
        }
        meter.level.value = 7
        meter.level.value = 8
        #expect(values.events == [7, 8])
        withExtendedLifetime(token) {}
    }

    /// A prior call's old value is the value before the set, although the property stores
    /// the set before it calls anyone (it was the new value: both calls said 0 -> 10 as 10).
    @Test func aPriorCallOfAComputedPropertyOverAPropertyCarriesTheValueBeforeTheSet() {
        let meter = Meter()
        let calls = Recorder<String>()
        let token = meter.observe(\.scaled, options: [.prior, .old, .new]) { _, change in
            calls.record(
                "\(change.isPrior ? "prior" : "after") \(change.oldValue ?? -1)->\(change.newValue ?? -1)")
        }
        meter.level.value = 1
        meter.level.value = 2
        #expect(calls.events == ["prior 0->-1", "after 0->10", "prior 10->-1", "after 10->20"])
        withExtendedLifetime(token) {}
    }

    @Test func anObserverWithAContextIsCalledAndRemovedByObject() {
        let meter = Meter()
        let observer = TrackingObserver()
        meter.addObserver(observer, forKeyPath: \.scaled, options: [.new])
        meter.level.value = 2
        #expect(observer.newValues == [20])
        #expect(meter.totalObserverCount == 1)
        #expect(meter.removeObserver(observer) == 1)
        meter.level.value = 3
        #expect(observer.newValues == [20])
        #expect(meter.level.observerCount == 0)
    }

    @Test func aBindingFromAComputedPropertyPushesEachValue() {
        let meter = Meter()
        let label = Label()
        let token = meter.bind(\.scaled, to: label, \.text) { "\($0) %" }
        #expect(label.text == "0 %")
        meter.level.value = 5
        #expect(label.text == "50 %")
        withExtendedLifetime(token) {}
    }

    @Test func aSequenceOfAComputedPropertyYieldsEachValueAndEndsWithTheObject() async {
        var meter: Meter? = Meter()
        let values = meter!.values(for: \.scaled)
        meter?.level.value = 1
        meter?.level.value = 2
        meter = nil
        var seen: [Int] = []
        for await value in values { seen.append(value) }
        #expect(seen == [0, 10, 20])
    }

    @Test func aComputedPropertyReWiresToThePropertyItReadsNow() {
        let meter = Meter()
        let values = Recorder<Int>()
        let token = meter.observe(\.shown, options: [.new]) { _, change in
            values.record(change.newValue ?? -1)
        }
        meter.level.value = 1
        meter.percentLevel.value = 50  // not read yet: no change
        meter.usesPercent.value = true
        meter.level.value = 2  // no longer read
        meter.percentLevel.value = 60
        #expect(values.events == [1, 50, 60])
        // The observation counts where it reads, as one on an `@Observed` storage counts in the
        // storage's object: in `percentLevel` only, now.
        #expect(meter.level.observerCount == 0)
        #expect(meter.percentLevel.observerCount == 1)
        withExtendedLifetime(token) {}
    }

    /// The object holds the property it reads, and nothing else holds it: the property's end
    /// with the object ends the registration, so the token, the handler and a sequence agree.
    @Test func anObservationOfAPropertyTheObjectHoldsEndsWithTheObject() async {
        var meter: Meter? = Meter()
        weak var probe: LifetimeProbe?
        let token: ObservationToken = {
            let captured = LifetimeProbe()
            probe = captured
            return meter!.observe(\.scaled) { _, _ in withExtendedLifetime(captured) {} }
        }()
        let changes = meter!.changes(for: \.scaled)
        #expect(token.isValid)
        #expect(probe != nil)
        meter = nil
        #expect(!token.isValid)
        #expect(probe == nil)
        for await _ in changes { Issue.record("no change was made") }
    }

    @Test func aKeyPathThatReadsOnlyPropertiesItsObjectHoldsIsNotDiagnosed() {
        let meter = Meter()
        let token = meter.observe(\.shown) { _, _ in }
        let messages = ObservationDiagnostics.reportedMessages
        #expect(!messages.contains { $0.contains("Meter.") || $0.contains("computed property of Meter ") })
        withExtendedLifetime(token) {}
    }

    /// A view model over a shared model cannot see its own end: the message names the property
    /// it read by its type, since the view model does not hold it.
    @Test func aViewModelOverASharedPropertyIsDiagnosedNamingTheProperty() {
        let meter = Meter()
        let viewModel = MeterViewModel(meter)
        let token = viewModel.observe(\.text) { _, _ in }
        let messages = ObservationDiagnostics.reportedMessages.filter { $0.contains("MeterViewModel") }
        #expect(messages.count == 1)
        #expect(messages.first?.contains("(ObservableProperty<Int>.value)") == true)
        #expect(!messages.contains { $0.contains("<computed") })
        withExtendedLifetime(token) {}
    }

    /// Sets from four threads, two on each property, are delivered one at a time.
    ///
    /// Every change is delivered once, never two at once, each old value the previous new
    /// value, and the last one carries the final total. The computed property runs on the setting thread, reading only thread-safe state
    /// (`ObservableProperty`); a change another thread reports while one is delivered waits
    /// for it (without that, two threads' calls overlapped and their values crossed).
    @Test func setsFromSeveralThreadsAreDeliveredOneAtATimeAndEndOnTheFinalValue() {
        let mixer = Mixer()
        let changes = Recorder<[Int]>()
        let overlaps = Recorder<Int>()
        let token = Self.observeTotal(of: mixer, into: changes, overlaps: overlaps)
        runOnThreads(
            (0..<4).map { thread in
                { @Sendable in
                    let property = thread.isMultiple(of: 2) ? mixer.left : mixer.right
                    for _ in 1...500 { property.modify { $0 += 1 } }
                }
            })
        let events = changes.events
        #expect(events.count == 2_000)
        #expect(overlaps.events.isEmpty)
        #expect(events.first?.first == 0)
        #expect(zip(events, events.dropFirst()).allSatisfy { $0[1] == $1[0] })
        #expect(events.last?.last == 2_000)
        withExtendedLifetime(token) {}
    }

    /// Registers from a nonisolated function, so the handler is `@Sendable`, for any thread.
    ///
    /// It records a call that began while another was running.
    private nonisolated static func observeTotal(
        of mixer: Mixer, into changes: Recorder<[Int]>, overlaps: Recorder<Int>
    ) -> ObservationToken {
        let running = RunningCalls()
        return mixer.observe(\.total, options: [.old, .new]) { _, change in
            if !running.enter() { overlaps.record(change.newValue ?? -1) }
            changes.record([change.oldValue ?? -1, change.newValue ?? -1])
            running.leave()
        }
    }
}
