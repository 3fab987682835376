import Dispatch
import Observing
import Testing

/// Every kind of observation, ended every way: what its handler captured is freed, and so is
/// the token, and the observed objects count no registration any more.
@Suite struct TokenLeakTests {
    enum Kind: CaseIterable, CustomStringConvertible {
        case storedProperty
        case computedProperty
        case chain
        case queued
        case observableProperty

        var description: String {
            switch self {
            case .storedProperty: "stored property"
            case .computedProperty: "computed property"
            case .chain: "chain"
            case .queued: "queue-delivered"
            case .observableProperty: "ObservableProperty"
            }
        }
    }

    enum Ending: CaseIterable {
        case invalidate
        case drop
    }

    @Test(arguments: Kind.allCases, Ending.allCases)
    func endingTheTokenFreesItsHandlerAndItself(kind: Kind, ending: Ending) {
        let objects = Objects()
        var leaks = LeakCheck()
        do {
            let probe = LifetimeProbe()
            leaks.track(probe, as: "the handler's capture")
            var token: ObservationToken? = objects.observe(kind, capturing: probe)
            if let token { leaks.track(token, as: "the token") }
            objects.change()
            objects.queue.sync {}
            // A chain's one registration is on two storages.
            let storages = kind == .chain ? 2 : 1
            #expect(objects.registrationCount == storages)
            if ending == .invalidate { token?.invalidate() }
            #expect(objects.registrationCount == (ending == .invalidate ? 0 : storages))
            token = nil
        }
        objects.queue.sync {}
        #expect(leaks.survivors.isEmpty)
        #expect(objects.registrationCount == 0)
    }

    @Test(arguments: Kind.allCases)
    func droppingTheObservedObjectFreesItAndTheHandler(kind: Kind) {
        var leaks = LeakCheck()
        let item = TabItem()
        let token: ObservationToken
        do {
            let objects = Objects(intermediate: item)
            let probe = LifetimeProbe()
            leaks.track(probe, as: "the handler's capture")
            leaks.track(objects.shell, as: "the observed object")
            leaks.track(objects.property, as: "the observable property")
            token = objects.observe(kind, capturing: probe)
            // A queued change holds the object until it is delivered.
            objects.change()
            objects.queue.sync {}
        }
        #expect(leaks.survivors.isEmpty)
        #expect(!token.isValid)
        #expect(item.observerCount(for: \.badgeValue) == 0)
        token.invalidate()
    }

    @Test func aHandlerThatHoldsItsOwnTokenIsFreedByInvalidate() {
        let counter = Counter()
        var leaks = LeakCheck()
        do {
            let holder = TokenHolder()
            leaks.track(holder, as: "the handler's capture")
            holder.token = counter.observe(\.value) { _, _ in _ = holder }
            if let token = holder.token { leaks.track(token, as: "the token") }
            counter.value = 1
            holder.token?.invalidate()
        }
        #expect(leaks.survivors.isEmpty)
        #expect(counter.observerCount(for: \.value) == 0)
    }

    @Test func aHandlerThatHoldsTheObservedObjectKeepsItOnlyUntilInvalidate() {
        var leaks = LeakCheck()
        let token: ObservationToken
        do {
            let counter = Counter()
            leaks.track(counter, as: "the observed object")
            token = counter.observe(\.value) { _, _ in _ = counter }
        }
        // The handler holds the object and the object's registry holds the handler: a cycle the
        // token breaks.
        #expect(leaks.survivors == ["the observed object"])
        token.invalidate()
        #expect(leaks.survivors.isEmpty)
    }
}

/// The objects an observation of each kind observes.
private final class Objects {
    let shell = Shell()
    let intermediate: TabItem
    let property = ObservableProperty(0)
    let queue = DispatchQueue(label: "token-leak.delivery")

    init(intermediate: TabItem = TabItem()) {
        self.intermediate = intermediate
        shell.selectedItem = intermediate
    }

    func observe(_ kind: TokenLeakTests.Kind, capturing probe: LifetimeProbe) -> ObservationToken {
        switch kind {
        case .storedProperty: shell.observe(\.items, options: [.new]) { _, _ in _ = probe }
        case .computedProperty: shell.observe(\.itemCount, options: [.new]) { _, _ in _ = probe }
        case .chain: shell.observe(\.selectedItem?.badgeValue, options: [.new]) { _, _ in _ = probe }
        case .queued: shell.observe(\.items, options: [.new], queue: queue) { _, _ in _ = probe }
        case .observableProperty: property.observe(options: [.new]) { _ in _ = probe }
        }
    }

    /// Changes what every kind observes.
    func change() {
        shell.items = [TabItem()]
        intermediate.badgeValue = "1"
        property.value += 1
    }

    /// The registrations on each storage any kind observes, summed.
    var registrationCount: Int {
        shell.observerCount(for: \.items) + shell.observerCount(for: \.selectedItem)
            + intermediate.observerCount(for: \.badgeValue) + property.observerCount
    }
}

extension Shell {
    fileprivate var itemCount: Int { items.count }
}

private final class TokenHolder: @unchecked Sendable {
    // Written once by the test's thread before any set.
    var token: ObservationToken?
}
