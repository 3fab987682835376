import Observing
import Testing

/// An observer registered with `addObserver` is not retained: what its registration does around
/// the observer's own end.
@Suite struct ObserverLifetimeTests {
    @Test func anObserverReleasedDuringItsOwnCallDeinitializesWhenTheCallEnds() {
        let item = Item()
        let log = Recorder<String>()
        var observer: SelfReleasingObserver? = SelfReleasingObserver(log: log)
        item.addObserver(observer!, forKeyPath: \.title, options: [.new])
        observer?.release = { observer = nil }
        item.title = "a"
        log.record("setter returned")
        item.title = "b"
        #expect(log.events == ["called with a", "call ended", "deinit", "setter returned"])
        #expect(item.observerCount(for: \.title) == 0)
    }

    @Test func anObserverIsNotCalledWithASetMadeFromItsOwnDeinit() {
        let item = Item()
        let log = Recorder<String>()
        let witness = RecordingObserver("W", recorder: Recorder())
        var observer: DeinitSettingObserver? = DeinitSettingObserver(item: item, log: log)
        item.addObserver(observer!, forKeyPath: \.title, options: [.new])
        item.addObserver(witness, forKeyPath: \.title, options: [.new])
        observer = nil
        #expect(log.events == ["deinit"])
        #expect(witness.recorder.events.map(\.newValue) == ["set in deinit"])
        #expect(item.observerCount(for: \.title) == 1)
        withExtendedLifetime(witness) {}
    }

    @Test func aDeallocatedObserversRegistrationIsNeitherCalledNorCounted() {
        let item = Item()
        let log = Recorder<String>()
        var observer: SelfReleasingObserver? = SelfReleasingObserver(log: log)
        item.addObserver(observer!, forKeyPath: \.title, options: [.new])
        #expect(item.observerCount(for: \.title) == 1)
        observer = nil
        #expect(log.events == ["deinit"])
        #expect(item.observerCount(for: \.title) == 0)
        item.title = "after"
        #expect(log.events == ["deinit"])
        #expect(item.observationSnapshot.properties.allSatisfy { $0.registrations.isEmpty })
    }
}

private final class Item: KeyValueObservable {
    @Observed var title = ""
}

/// Calls `release` (which drops the last reference to it) from its own call.
private final class SelfReleasingObserver: KeyValueObserver {
    let log: Recorder<String>
    var release: (() -> Void)?

    init(log: Recorder<String>) {
        self.log = log
    }

    deinit {
        log.record("deinit")
    }

    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        log.record("called with \(change.newValue(as: String.self) ?? "-")")
        let release = self.release
        self.release = nil
        release?()
        log.record("call ended")
    }
}

/// Sets the observed property from its `deinit`.
private final class DeinitSettingObserver: KeyValueObserver {
    let item: Item
    let log: Recorder<String>

    init(item: Item, log: Recorder<String>) {
        self.item = item
        self.log = log
    }

    deinit {
        log.record("deinit")
        item.title = "set in deinit"
    }

    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        log.record("called in deinit")
    }
}
