import Observing
import Testing

/// Bindings hold neither side: each side deallocates when dropped, the binding's registrations
/// stop counting with it, and the token frees what the transform captured.
@Suite struct BindingLeakTests {
    enum Source: CaseIterable {
        case storedProperty
        case computedProperty
    }

    @Test(arguments: Source.allCases)
    func aOneWayBindingHoldsNeitherItsTargetNorItsSource(source: Source) {
        let item = TabItem()
        var leaks = LeakCheck()
        let binding: ObservationToken
        do {
            let label = Label()
            leaks.track(label, as: "the target")
            binding = bind(item, source, to: label, capturing: nil)
            item.title = "t"
            #expect(label.text == "t")
        }
        #expect(leaks.survivors.isEmpty)
        #expect(item.observerCount(for: \.title) == 0)
        item.title = "after the target"
        binding.invalidate()

        let label = Label()
        let token: ObservationToken
        do {
            let source = TabItem()
            leaks.track(source, as: "the source")
            token = bind(source, .storedProperty, to: label, capturing: nil)
        }
        #expect(leaks.survivors.isEmpty)
        #expect(!token.isValid)
    }

    @Test(arguments: Source.allCases, [true, false])
    func endingAOneWayBindingFreesWhatItsTransformCaptured(source: Source, dropsTheToken: Bool) {
        let item = TabItem()
        let label = Label()
        var leaks = LeakCheck()
        do {
            let probe = LifetimeProbe()
            leaks.track(probe, as: "the transform's capture")
            var binding: ObservationToken? = bind(item, source, to: label, capturing: probe)
            if let binding { leaks.track(binding, as: "the token") }
            if !dropsTheToken { binding?.invalidate() }
            binding = nil
        }
        #expect(leaks.survivors.isEmpty)
        #expect(item.observerCount(for: \.title) == 0)
    }

    @Test(arguments: [true, false])
    func aTwoWayBindingEndsWithEitherSide(dropsTheFirst: Bool) {
        var leaks = LeakCheck()
        let kept = TextModel()
        let sync: ObservationToken
        do {
            let dropped = TextModel()
            leaks.track(dropped, as: "the dropped side")
            sync =
                dropsTheFirst
                ? dropped.bind(\.text, twoWayTo: kept, \.text) : kept.bind(\.text, twoWayTo: dropped, \.text)
            kept.text = "x"
            #expect(dropped.text == "x")
            #expect(kept.observerCount(for: \.text) == 1)
        }
        #expect(leaks.survivors.isEmpty)
        #expect(kept.observerCount(for: \.text) == 0)
        kept.text = "after"
        sync.invalidate()
    }

    @Test func droppingATwoWayBindingsTokenEndsBothDirections() {
        let first = TextModel()
        let second = TextModel()
        var leaks = LeakCheck()
        do {
            let sync = first.bind(\.text, twoWayTo: second, \.text)
            leaks.track(sync, as: "the token")
            #expect(first.observerCount(for: \.text) == 1)
            #expect(second.observerCount(for: \.text) == 1)
        }
        #expect(leaks.survivors.isEmpty)
        #expect(first.observerCount(for: \.text) == 0)
        #expect(second.observerCount(for: \.text) == 0)
        first.text = "a"
        second.text = "b"
        #expect(first.text == "a")
    }

    /// Found by the leak tests: a binding of a computed key path ended itself (its token turned
    /// invalid) at the first change after its target deallocated, while one of a stored property
    /// stays valid, as `ObservationToken.isValid` documents (false only after `invalidate()` or
    /// once the observed object is gone).
    @Test func derivedBindingTokenStaysValidAfterTheTargetDeallocates() {
        let item = TabItem()
        let stored: ObservationToken
        let computed: ObservationToken
        do {
            let label = Label()
            stored = item.bind(\.title, to: label, \.text)
            computed = item.bind(\.shortTitle, to: label, \.text)
        }
        item.title = "after the target"

        #expect(stored.isValid)
        #expect(computed.isValid)
    }

    private func bind(_ item: TabItem, _ source: Source, to label: Label, capturing probe: LifetimeProbe?)
        -> ObservationToken
    {
        switch source {
        case .storedProperty:
            item.bind(\.title, to: label, \.text) { title in
                _ = probe
                return title
            }
        case .computedProperty:
            item.bind(\.shortTitle, to: label, \.text) { title in
                _ = probe
                return title
            }
        }
    }
}

extension TabItem {
    /// A computed property over `title`.
    fileprivate var shortTitle: String { String(title.prefix(20)) }
}
