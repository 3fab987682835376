import Dispatch
import Observing
import Synchronization
import Testing

/// Concurrent stress with exact results; CI runs it under ThreadSanitizer
/// (`swift test --sanitize=thread --filter ObservingTests`), which must report nothing.
///
/// One thread sets (the observed object's isolation domain) while others end observations.
/// Afterwards each observation's calls are checked exactly: the values in set order, none
/// missing before the observation was ended, none from a set that began after it was ended.
@Suite struct StressTests {
    private static let setCount = 2_000

    @Test func tokensInvalidatedOrDroppedOnOtherThreadsStopWhereDocumented() {
        let subject = StressSubject()
        let progress = SetProgress()
        let queue = DispatchQueue(label: "stress.delivery")
        // Per kind: synchronous on the stored property, synchronous on a computed property,
        // queue-delivered on the stored property.
        let kinds = [Kind.stored, .computed, .queued]
        let observations = (0..<48).map { index in
            Observation(kind: kinds[index % 3], on: subject, queue: queue)
        }
        let permanent = Observation(kind: .stored, on: subject, queue: queue)
        let permanentQueued = Observation(kind: .queued, on: subject, queue: queue)
        // The even observations are invalidated by one thread, the odd ones dropped by another,
        // each after the setter has reached its own point.
        let invalidated = ThreadOwned(stride(from: 0, to: observations.count, by: 2).map { observations[$0] })
        let dropped = ThreadOwned(stride(from: 1, to: observations.count, by: 2).map { observations[$0] })
        let threshold = { @Sendable (index: Int) in (index + 1) * Self.setCount / 49 }

        runOnThreads([
            { for value in 1...Self.setCount { progress.set(value) { subject.value = value } } },
            {
                for (position, observation) in invalidated.value.enumerated() {
                    progress.waitUntilStarted(threshold(position * 2))
                    observation.bounds = progress.bounds { observation.heldToken?.invalidate() }
                }
            },
            {
                for (position, observation) in dropped.value.enumerated() {
                    progress.waitUntilStarted(threshold(position * 2 + 1))
                    observation.bounds = progress.bounds { observation.heldToken = nil }
                }
            },
        ])
        queue.sync {}

        for observation in observations {
            let values = observation.values
            let bounds = observation.bounds ?? 0...0
            // A prefix of the values in set order, never one set after the observation ended...
            #expect(
                values == Array(1...max(values.count, 1)).prefix(values.count).map(observation.kind.value))
            #expect(values.count <= bounds.upperBound)
            // ...and, unless delivered on a queue, every one set before it was ended.
            if observation.kind != .queued { #expect(values.count >= bounds.lowerBound) }
        }
        #expect(permanent.values == (1...Self.setCount).map(Kind.stored.value))
        #expect(permanentQueued.values == (1...Self.setCount).map(Kind.stored.value))
        #expect(invalidated.value.allSatisfy { $0.heldToken?.isValid == false })
        #expect(subject.observerCount(for: \.value) == 2)
        #expect(subject.observerCount(for: \.doubled) == 2)
        withExtendedLifetime((permanent.heldToken, permanentQueued.heldToken)) {}
    }

    @Test func observersDeallocatingOnOtherThreadsStopWhereDocumented() {
        let subject = StressSubject()
        let progress = SetProgress()
        let permanent = StressObserver(keyPath: .stored)
        subject.addObserver(permanent, forKeyPath: \.value, options: [.new])
        var owned: [[StressObserver?]] = [[], []]
        var records: [(recorder: Recorder<Int>, kind: Kind, bounds: ThreadOwned<ClosedRange<Int>>)] = []
        var released: [WeakObserver] = []
        for index in 0..<48 {
            let kind: Kind = index % 3 == 0 ? .computed : .stored
            let observer = StressObserver(keyPath: kind)
            switch kind {
            case .computed: subject.addObserver(observer, forKeyPath: \.doubled, options: [.new])
            default: subject.addObserver(observer, forKeyPath: \.value, options: [.new])
            }
            owned[index % 2].append(observer)
            records.append((observer.recorder, kind, observer.bounds))
            released.append(WeakObserver(observer))
        }
        let halves = owned.map { ThreadOwned($0) }
        owned = []
        let threshold = { @Sendable (index: Int) in (index + 1) * Self.setCount / 49 }

        runOnThreads(
            [{ for value in 1...Self.setCount { progress.set(value) { subject.value = value } } }]
                + (0..<2).map { half -> @Sendable () -> Void in
                    {
                        for position in halves[half].value.indices {
                            progress.waitUntilStarted(threshold(position * 2 + half))
                            let bounds = halves[half].value[position]?.bounds
                            // The observer deallocates here, or on the setter's thread if a call
                            // holds it at this moment.
                            let range = progress.bounds { halves[half].value[position] = nil }
                            bounds?.value = range
                        }
                    }
                })

        for record in records {
            let values = record.recorder.events
            let bounds = record.bounds.value
            #expect(values == (1...max(values.count, 1)).prefix(values.count).map(record.kind.value))
            #expect(values.count >= bounds.lowerBound && values.count <= bounds.upperBound)
        }
        #expect(released.allSatisfy { $0.object == nil })
        #expect(permanent.recorder.events == Array(1...Self.setCount))
        #expect(subject.observerCount(for: \.value) == 1)
        #expect(subject.observerCount(for: \.doubled) == 1)
    }

    @Test func observablePropertyWithFourSettersAndRegistrationChurnKeepsOneOrder() {
        let perSetter = 2_000
        let property = ObservableProperty(0)
        let started = Atomic<Int>(0)
        // The order in which each value's set started, written by its setter before the set.
        let startOrder = ThreadOwned(UnsafeMutableBufferPointer<Int>.allocate(capacity: 4 * perSetter + 1))
        startOrder.value.initialize(repeating: 0)
        defer { startOrder.value.deallocate() }
        let history = Recorder<KeyValueObservedChange<Int>>()
        let permanent = property.observe(options: [.old, .new]) { history.record($0) }
        let churned = (0..<2).map { _ in
            ThreadOwned([(changes: Recorder<KeyValueObservedChange<Int>>, bound: Int)]())
        }

        let total = 4 * perSetter
        // Setters and churners go in lockstep, so that registrations come and go while values
        // are set: before every 25th value a setter waits for one more churned registration; a
        // churner ends each of its registrations once it has received a change, or as soon as
        // every setter still running waits for a later registration.
        let registrations = Atomic<Int>(0)
        let awaited = (0..<4).map { _ in AtomicCounter() }
        let setters: [@Sendable () -> Void] = (0..<4).map { setter in
            {
                for index in 0..<perSetter {
                    let needed = index / 25 + 1
                    if registrations.load(ordering: .sequentiallyConsistent) < needed {
                        awaited[setter].value.store(needed, ordering: .sequentiallyConsistent)
                        yield { registrations.load(ordering: .sequentiallyConsistent) >= needed }
                        awaited[setter].value.store(0, ordering: .sequentiallyConsistent)
                    }
                    let value = setter * perSetter + index + 1
                    startOrder.value[value] = started.add(1, ordering: .sequentiallyConsistent).newValue
                    property.value = value
                }
                awaited[setter].value.store(.max, ordering: .sequentiallyConsistent)
            }
        }
        let churners: [@Sendable () -> Void] = churned.map { record in
            {
                for _ in 0..<(perSetter / 25 / 2 + 1) {
                    let changes = Recorder<KeyValueObservedChange<Int>>()
                    let token = property.observe(options: [.old, .new]) { changes.record($0) }
                    let number = registrations.add(1, ordering: .sequentiallyConsistent).newValue
                    yield {
                        !changes.events.isEmpty
                            || awaited.allSatisfy {
                                $0.value.load(ordering: .sequentiallyConsistent) > number
                            }
                    }
                    token.invalidate()
                    record.value.append((changes, started.load(ordering: .sequentiallyConsistent)))
                }
            }
        }
        runOnThreads(setters + churners)

        let changes = history.events
        #expect(changes.count == total)
        // One unbroken chain: each change's old value is the previous change's new value.
        #expect(zip([0] + changes.map { $0.newValue ?? -1 }, changes).allSatisfy { $0 == $1.oldValue })
        #expect(Set(changes.compactMap(\.newValue)) == Set(1...total))
        // Each setter's values in the order it set them.
        for setter in 0..<4 {
            let values = changes.compactMap(\.newValue).filter { ($0 - 1) / perSetter == setter }
            #expect(values == Array((setter * perSetter + 1)...(setter * perSetter + perSetter)))
        }
        // Each churned observation saw a contiguous run of that order, and nothing from a set
        // that started after its `invalidate()` returned.
        let positions = Dictionary(uniqueKeysWithValues: changes.enumerated().map { ($1.newValue ?? -1, $0) })
        for record in churned.flatMap(\.value) {
            let seen = record.changes.events
            guard let first = seen.first?.newValue, let start = positions[first] else { continue }
            #expect(Array(changes[start..<min(start + seen.count, changes.count)]) == seen)
            #expect(seen.allSatisfy { startOrder.value[$0.newValue ?? 0] <= record.bound })
        }
        // The churn overlapped the sets.
        #expect(churned.flatMap(\.value).contains { !$0.changes.events.isEmpty })
        #expect(property.observerCount == 1)
        permanent.invalidate()
    }
}

/// What a stress observation observes, and the value it reports for each value set.
private enum Kind {
    case stored
    case computed
    case queued

    func value(_ set: Int) -> Int {
        self == .computed ? set * 2 : set
    }
}

private final class StressSubject: KeyValueObservable, @unchecked Sendable {
    // Set by one thread only (the stress test's setter); `@unchecked Sendable` so that the
    // test's threads can share the reference.
    @Observed var value = 0
    var doubled: Int { value * 2 }
}

/// One observation of a stress test, its calls, and the bounds learnt when it was ended.
///
/// `@unchecked Sendable`: its token and bounds are used by one thread at a time (the test's,
/// then the thread that ends it, then the test's again); its calls go to a locked recorder.
private final class Observation: @unchecked Sendable {
    let kind: Kind
    let recorder = Recorder<Int>()
    var heldToken: ObservationToken?
    var bounds: ClosedRange<Int>?

    init(kind: Kind, on subject: StressSubject, queue: DispatchQueue) {
        self.kind = kind
        let recorder = recorder
        switch kind {
        case .stored:
            heldToken = subject.observe(\.value, options: [.new]) { _, change in
                recorder.record(change.newValue ?? -1)
            }
        case .computed:
            heldToken = subject.observe(\.doubled, options: [.new]) { _, change in
                recorder.record(change.newValue ?? -1)
            }
        case .queued:
            heldToken = subject.observe(\.value, options: [.new], queue: queue) { _, change in
                recorder.record(change.newValue ?? -1)
            }
        }
    }

    var values: [Int] { recorder.events }
}

/// An observer that records each new value into a recorder that outlives it.
private final class StressObserver: KeyValueObserver, @unchecked Sendable {
    // Called on the setter's thread; its recorder is locked, its bounds box is handed over.
    let recorder = Recorder<Int>()
    let bounds = ThreadOwned(0...0)
    let keyPath: Kind

    init(keyPath: Kind) {
        self.keyPath = keyPath
    }

    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        recorder.record(change.newValue(as: Int.self) ?? -1)
    }
}

private final class AtomicCounter: Sendable {
    let value = Atomic<Int>(0)
}

private struct WeakObserver {
    weak var object: StressObserver?

    init(_ object: StressObserver) {
        self.object = object
    }
}
