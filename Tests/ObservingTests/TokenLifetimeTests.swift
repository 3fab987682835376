import Observing
import Testing

@Suite struct TokenLifetimeTests {
    @Test func invalidateIsIdempotentAndReleasesTheHandlerAtOnce() {
        let item = TabItem()
        weak var weakProbe: LifetimeProbe?
        let token: ObservationToken
        do {
            let probe = LifetimeProbe()
            weakProbe = probe
            token = item.observe(\.title) { _, _ in _ = probe }
        }
        #expect(weakProbe != nil)
        #expect(token.isValid)

        token.invalidate()
        #expect(weakProbe == nil)
        #expect(!token.isValid)
        token.invalidate()
        #expect(item.observerCount(for: \.title) == 0)
    }

    @Test func droppingTheTokenInvalidates() {
        let item = TabItem()
        let calls = Recorder<String>()
        do {
            let token = item.observe(\.title, options: [.new]) { _, change in
                calls.record(change.newValue ?? "-")
            }
            item.title = "kept"
            _ = token
        }
        item.title = "dropped"
        #expect(calls.events == ["kept"])
        #expect(item.observerCount(for: \.title) == 0)
    }

    @Test func tokenBecomesInvalidWhenTheObjectDeallocatesAndReleasesTheHandler() {
        weak var weakProbe: LifetimeProbe?
        var token: ObservationToken?
        weak var weakItem: TabItem?
        do {
            let item = TabItem()
            weakItem = item
            let probe = LifetimeProbe()
            weakProbe = probe
            token = item.observe(\.title) { _, _ in _ = probe }
        }
        #expect(weakItem == nil)
        #expect(weakProbe == nil)
        #expect(token?.isValid == false)
        token?.invalidate()
    }

    @Test func observationDoesNotRetainTheObject() {
        weak var weakItem: TabItem?
        var tokens = Set<ObservationToken>()
        do {
            let item = TabItem()
            weakItem = item
            item.observe(\.title) { _, _ in }.store(in: &tokens)
            item.observe(\.badgeValue) { _, _ in }.store(in: &tokens)
        }
        #expect(weakItem == nil)
        #expect(tokens.count == 2)
        #expect(tokens.allSatisfy { !$0.isValid })
    }

    @Test func tokensAreHashableByIdentity() {
        let item = TabItem()
        let first = item.observe(\.title) { _, _ in }
        let second = item.observe(\.title) { _, _ in }
        var set = Set<ObservationToken>()
        first.store(in: &set)
        first.store(in: &set)
        second.store(in: &set)
        #expect(set.count == 2)
        #expect(first != second)
    }

    @Test func observersAreHeldWeaklyAndDisappearWhenTheyDeallocate() {
        let item = TabItem()
        let recorder = Recorder<ObservedCall>()
        weak var weakObserver: RecordingObserver?
        do {
            let observer = RecordingObserver("gone", recorder: recorder)
            weakObserver = observer
            item.addObserver(observer, forKeyPath: \.title, options: [.new])
            #expect(item.observerCount(for: \.title) == 1)
        }
        #expect(weakObserver == nil)
        #expect(item.observerCount(for: \.title) == 0)
        item.title = "after"
        #expect(recorder.events.isEmpty)
    }

    @Test func subclassKeyPathObservesTheSuperclassProperty() {
        let model = SubModel()
        let calls = Recorder<String>()
        let token = model.observe(\SubModel.title, options: [.old, .new]) { _, change in
            calls.record("\(change.oldValue ?? "-")->\(change.newValue ?? "-")")
        }
        let asBase: BaseModel = model
        asBase.title = "t"
        #expect(calls.events == ["->t"])
        token.invalidate()
    }
}
