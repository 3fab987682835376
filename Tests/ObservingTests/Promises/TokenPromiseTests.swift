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

    /// A computed observation that reads only another object's storage ends with its object
    /// when the object has observed `@Observed` storage of its own (issue 31, bug 1).
    ///
    /// GettingStarted.md: "when the object deallocates, its tokens become invalid and release
    /// their handlers"; AsyncSequences.md: "When the observed object deallocates, the consumer
    /// receives what is buffered, then `nil`"; `removeObserver(_:)` removes "every registration
    /// `observer` made on this object".
    @Test func aComputedObservationOfAnotherObjectEndsWithARootThatHasObservedStorage() async {
        let source = Counter()
        let observer = RecordingObserver("observer", recorder: Recorder())
        weak var weakProbe: LifetimeProbe?
        var model: ViewModelWithState? = ViewModelWithState(source)
        // The view observes the model's own state, as well as the derived value.
        let title = model?.observe(\.title) { _, _ in }
        let token: ObservationToken?
        do {
            let probe = LifetimeProbe()
            weakProbe = probe
            token = model?.observe(\.doubled) { _, _ in _ = probe }
        }
        let consumer = model.map { model in
            let changes = model.changes(for: \.doubled)
            return Task { for await _ in changes {} }
        }
        model?.addObserver(observer, forKeyPath: \.doubled)
        #expect(model?.observerCount(for: \.doubled) == 3)
        #expect(model?.removeObserver(observer) == 1)
        #expect(model?.observerCount(for: \.doubled) == 2)

        model = nil

        #expect(token?.isValid == false)
        #expect(weakProbe == nil)
        #expect(await Self.ends(consumer))
        #expect(source.observerCount(for: \.value) == 0)
        withExtendedLifetime(title) {}
    }

    /// An object with no `@Observed` storage of its own gives no sign of its end: its
    /// computed observation stays valid, holds its handler and keeps its sequence open until
    /// what it reads next changes, and then ends all at once (issue 31, bug 1).
    ///
    /// Architecture.md and GettingStarted.md: such a registration "stays valid, keeps its
    /// handler and its sequence open, until its token is invalidated, what it reads next
    /// changes, [...]"; the token, the handler and the sequence agree at every moment.
    @Test func aComputedObservationOfAnObjectWithoutStorageEndsAllAtOnce() async {
        let source = Counter()
        let observer = RecordingObserver("observer", recorder: Recorder())
        weak var weakProbe: LifetimeProbe?
        var model: StatelessViewModel? = StatelessViewModel(source)
        let token: ObservationToken?
        do {
            let probe = LifetimeProbe()
            weakProbe = probe
            token = model?.observe(\.doubled) { _, _ in _ = probe }
        }
        let ended = Recorder<Bool>()
        let consumer = model.map { model in
            let changes = model.changes(for: \.doubled)
            return Task {
                for await _ in changes {}
                ended.record(true)
            }
        }
        model?.addObserver(observer, forKeyPath: \.doubled)
        #expect(model?.removeObserver(observer) == 1)

        model = nil

        // Nothing has told the registration: it is valid, and still holds its handler and its
        // sequence.
        #expect(token?.isValid == true)
        #expect(weakProbe != nil)
        #expect(ended.events.isEmpty)

        source.value = 1

        #expect(token?.isValid == false)
        #expect(weakProbe == nil)
        #expect(await Self.ends(consumer))
        #expect(ended.events == [true])
        #expect(source.observerCount(for: \.value) == 0)
    }

    /// A computed observation that re-wires away from its object's own storage, to read only
    /// another object's, still ends with its object (issue 31, bug 1).
    ///
    /// GettingStarted.md: a key path that reads only other objects' storage "ends with its
    /// object when one of the object's own `@Observed` properties is observed", whether it
    /// reads only other objects' storage when it registers or from a later change on.
    @Test func aComputedObservationThatStopsReadingItsObjectStillEndsWithIt() {
        let source = SwitchingSource()
        weak var weakProbe: LifetimeProbe?
        var model: SwitchingViewModel? = SwitchingViewModel(source)
        let own = model?.observe(\.own) { _, _ in }
        let token: ObservationToken?
        do {
            let probe = LifetimeProbe()
            weakProbe = probe
            token = model?.observe(\.shown) { _, _ in _ = probe }
        }

        source.flag = false  // `shown` now reads only the source's storage
        model = nil

        #expect(token?.isValid == false)
        #expect(weakProbe == nil)
        #expect(source.observerCount(for: \.value) == 0 && source.observerCount(for: \.flag) == 0)
        withExtendedLifetime(own) {}
    }

    /// A declared dependency on a key path of the object notified by hand is no storage that
    /// ends with the object: an observation that otherwise reads only another object's storage
    /// still ends with its object (issue 31, bug 1).
    ///
    /// GettingStarted.md: a key path that reads only other objects' storage "ends with its
    /// object when one of the object's own `@Observed` properties is observed".
    @Test func aDeclaredDependencyNotifiedByHandDoesNotTieAnObservationToItsObject() {
        let source = Counter()
        weak var weakProbe: LifetimeProbe?
        var model: CachingViewModel? = CachingViewModel(source)
        let title = model?.observe(\.title) { _, _ in }
        let token: ObservationToken?
        do {
            let probe = LifetimeProbe()
            weakProbe = probe
            token = model?.observe(\.doubled) { _, _ in _ = probe }
        }

        model = nil

        #expect(token?.isValid == false)
        #expect(weakProbe == nil)
        #expect(source.observerCount(for: \.value) == 0)
        withExtendedLifetime(title) {}
    }

    /// Whether `consumer` ends, waiting at most a generous bound; a consumer that does not end
    /// by then is cancelled, so that the test fails rather than hangs.
    private static func ends(_ consumer: Task<Void, Never>?) async -> Bool {
        guard let consumer else { return false }
        return await withTaskGroup(of: Bool.self) { group in
            group.addTask {
                await consumer.value
                return true
            }
            group.addTask {
                try? await Task.sleep(for: .seconds(30))
                return false
            }
            let first = await group.next() ?? false
            if !first { consumer.cancel() }
            group.cancelAll()
            return first
        }
    }
}

/// A shared model's view model with state of its own.
private final class ViewModelWithState: KeyValueObservable, @unchecked Sendable {
    let source: Counter
    @Observed var title = ""
    var doubled: Int { source.value * 2 }

    init(_ source: Counter) {
        self.source = source
    }
}

/// A model whose flag picks what `SwitchingViewModel.shown` reads.
private final class SwitchingSource: KeyValueObservable, @unchecked Sendable {
    @Observed var flag = true
    @Observed var value = 0
}

/// A view model whose `shown` reads its own storage or only the source's, as the source's
/// flag says.
private final class SwitchingViewModel: KeyValueObservable, @unchecked Sendable {
    @Observed var own = 0
    let source: SwitchingSource
    var shown: Int { source.flag ? own : source.value }

    init(_ source: SwitchingSource) {
        self.source = source
    }
}

/// A view model whose derived value also depends on a cache it notifies by hand, declared.
private final class CachingViewModel: KeyValueObservable, @unchecked Sendable {
    let source: Counter
    @Observed var title = ""
    var cache = 0
    var doubled: Int { source.value * 2 + cache }

    init(_ source: Counter) {
        self.source = source
    }

    static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool {
        keyPath != \CachingViewModel.cache
    }

    static func keyPathsForValuesAffectingValue(for keyPath: AnyKeyPath) -> [AnyKeyPath] {
        keyPath == \CachingViewModel.doubled ? [\CachingViewModel.cache] : []
    }
}

/// A shared model's view model with no storage of its own.
private final class StatelessViewModel: KeyValueObservable, @unchecked Sendable {
    let source: Counter
    var doubled: Int { source.value * 2 }

    init(_ source: Counter) {
        self.source = source
    }
}

private final class TokenPair: @unchecked Sendable {
    var stored: ObservationToken?
    var computed: ObservationToken?
}
