import Dispatch
import Observing
import Testing

/// Sets made from the observed object's `deinit`: every kind of registration survives them.
@Suite struct DeinitSetTests {
    @Test func queuedObserverOfASetInDeinitDoesNotCrashAndReceivesNothing() {
        let queue = DispatchQueue(label: "DeinitSetTests.queued")
        let synchronous = Recorder<String>()
        let queued = Recorder<String>()
        var connection: Connection? = Connection()
        let tokens = [
            connection?.observe(\.state, options: [.new], queue: queue) { _, change in
                queued.record(change.newValue ?? "-")
            },
            connection?.observe(\.state, options: [.new]) { _, change in
                synchronous.record(change.newValue ?? "-")
            },
        ]
        connection?.state = "busy"
        queue.suspend()
        connection = nil
        queue.resume()
        queue.sync {}

        #expect(synchronous.events == ["busy", "closed"])
        #expect(queued.events == ["busy"])
        #expect(tokens.allSatisfy { $0?.isValid == false })
    }

    @Test func everyKindOfRegistrationSurvivesASetInDeinit() async {
        let queue = DispatchQueue(label: "DeinitSetTests.kinds")
        let label = Label()
        let other = Connection()
        let observer = StateObserver()
        var connection: Connection? = Connection()
        var tokens: [ObservationToken?] = []
        tokens.append(connection?.bind(\.state, to: label, \.text))
        tokens.append(connection?.bind(\.state, twoWayTo: other, \.state))
        tokens.append(connection?.observe(\.isClosed, options: [.new]) { _, _ in })
        tokens.append(connection?.observe(\.state, options: [.prior, .old, .new], queue: queue) { _, _ in })
        connection?.addObserver(observer, forKeyPath: \.state, options: [.new])
        let values = connection?.values(for: \.state)

        connection = nil
        queue.sync {}

        var received: [String] = []
        if let values { for await value in values { received.append(value) } }
        #expect(label.text == "closed")
        #expect(other.state == "closed")
        #expect(observer.values == ["closed"])
        #expect(received == ["open", "closed"])
        #expect(tokens.allSatisfy { $0?.isValid == false })
    }

    @Test func observablePropertyOwnerDeinitSettingItIsDelivered() {
        let seen = Recorder<Int>()
        var owner: CountOwner? = CountOwner()
        let token = owner?.count.observe(options: [.new]) { change in seen.record(change.newValue ?? -1) }
        owner = nil
        #expect(seen.events == [100])
        withExtendedLifetime(token) {}
    }
}

private final class Connection: KeyValueObservable {
    @Observed var state = "open"
    var isClosed: Bool { state == "closed" }

    deinit {
        state = "closed"
    }
}

private final class CountOwner {
    let count = ObservableProperty(0)

    deinit {
        count.value = 100
    }
}

private final class StateObserver: KeyValueObserver {
    var values: [String] = []

    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        values.append(change.newValue(as: String.self) ?? "-")
    }
}
