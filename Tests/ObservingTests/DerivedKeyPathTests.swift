import Observing
import Testing

@Suite struct DerivedKeyPathTests {
    @Test func computedPropertyNotifiesWhenItsStorageChanges() {
        let profile = Profile()
        let calls = Recorder<String>()
        let token = profile.observe(\.hasUnread, options: [.initial, .old, .new]) { _, change in
            calls.record(
                "\(change.oldValue.map(String.init) ?? "-")->\(change.newValue.map(String.init) ?? "-")")
        }

        profile.unread = 2
        profile.unread = 0

        #expect(calls.events == ["-->false", "false->true", "true->false"])
        token.invalidate()
        #expect(profile.observerCount(for: \.unread) == 0)
    }

    @Test func chainRewiresWhenTheIntermediateIsReplaced() {
        let shell = Shell()
        let first = TabItem()
        first.badgeValue = "1"
        shell.selectedItem = first
        let calls = Recorder<String>()
        let token = shell.observe(\.selectedItem?.badgeValue, options: [.new]) { _, change in
            calls.record(change.newValue.flatMap { $0 }.flatMap { $0 } ?? "nil")
        }
        #expect(first.observerCount(for: \.badgeValue) == 1)

        let second = TabItem()
        second.badgeValue = "2"
        shell.selectedItem = second

        #expect(calls.events == ["2"])
        #expect(first.observerCount(for: \.badgeValue) == 0)
        #expect(second.observerCount(for: \.badgeValue) == 1)

        first.badgeValue = "ignored"
        second.badgeValue = "3"
        #expect(calls.events == ["2", "3"])
        token.invalidate()
        #expect(second.observerCount(for: \.badgeValue) == 0)
        #expect(shell.observerCount(for: \.selectedItem) == 0)
    }

    /// A computed key path pairs each prior call with an after call under `.removeDuplicates`.
    ///
    /// `KeyValueObservingOptions.removeDuplicates`: "With `.prior`, a prior call is always
    /// followed by its after call, as in KVO: [...] a computed key path or a chain, whose new
    /// value is known only once the store is made, sends both even when its value does not
    /// change." Setting 2 leaves `isPositive` true; setting 0 changes it.
    @Test func priorAndRemoveDuplicatesOnAComputedKeyPathPairEveryPriorCall() {
        let counter = Counter()
        counter.value = 1
        let calls = Recorder<String>()
        let token = counter.observe(\.isPositive, options: [.prior, .new, .removeDuplicates]) { _, change in
            calls.record(change.isPrior ? "prior" : "after \(change.newValue.map(String.init) ?? "-")")
        }

        counter.value = 2
        counter.value = 0

        #expect(calls.events == ["prior", "after true", "prior", "after false"])
        token.invalidate()
    }

    /// The same sentence for a chain: its intermediate is replaced by one with an equal title,
    /// then that title changes.
    @Test func priorAndRemoveDuplicatesOnAChainPairEveryPriorCall() {
        let shell = Shell()
        let first = TabItem()
        first.title = "Home"
        shell.selectedItem = first
        let calls = Recorder<String>()
        let options: KeyValueObservingOptions = [.prior, .new, .removeDuplicates]
        let token = shell.observe(\.selectedItem?.title, options: options) { _, change in
            calls.record(change.isPrior ? "prior" : "after \(change.newValue.flatMap { $0 } ?? "nil")")
        }

        let second = TabItem()
        second.title = "Home"
        shell.selectedItem = second
        second.title = "Start"

        #expect(calls.events == ["prior", "after Home", "prior", "after Start"])
        token.invalidate()
    }

    @Test func replacedIntermediateIsNotRetained() {
        let shell = Shell()
        weak var weakFirst: TabItem?
        do {
            let first = TabItem()
            weakFirst = first
            shell.selectedItem = first
        }
        let token = shell.observe(\.selectedItem?.badgeValue) { _, _ in }
        shell.selectedItem = TabItem()
        #expect(weakFirst == nil)
        token.invalidate()
    }

    @Test func optionalLinkThroughNilAndBack() {
        let shell = Shell()
        let calls = Recorder<String>()
        let token = shell.observe(\.selectedItem?.title, options: [.old, .new]) { _, change in
            let old = change.oldValue.flatMap { $0 } ?? "nil"
            let new = change.newValue.flatMap { $0 } ?? "nil"
            calls.record("\(old)->\(new)")
        }
        let item = TabItem()
        item.title = "Home"
        shell.selectedItem = item
        item.title = "Start"
        shell.selectedItem = nil

        #expect(calls.events == ["nil->Home", "Home->Start", "Start->nil"])
        token.invalidate()
    }

    @Test func observerProtocolWorksOnChainsAndRemovesThem() {
        let shell = Shell()
        let item = TabItem()
        shell.selectedItem = item
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        let context = ObservationContext("chain")
        shell.addObserver(observer, forKeyPath: \.selectedItem?.badgeValue, options: [.new], context: context)

        item.badgeValue = "5"
        #expect(shell.removeObserver(observer, forKeyPath: \.selectedItem?.badgeValue, context: context))
        item.badgeValue = "6"

        #expect(recorder.events == [ObservedCall(observer: "O", newValue: "5", context: context)])
        #expect(item.observerCount(for: \.badgeValue) == 0)
    }

    @Test func chainTokenEndsWithTheRootAndReleasesTheHandler() {
        weak var weakProbe: LifetimeProbe?
        weak var weakShell: Shell?
        let item = TabItem()
        let token: ObservationToken
        do {
            let shell = Shell()
            weakShell = shell
            shell.selectedItem = item
            let probe = LifetimeProbe()
            weakProbe = probe
            token = shell.observe(\.selectedItem?.badgeValue) { _, _ in _ = probe }
            #expect(token.isValid)
        }
        #expect(weakShell == nil)
        #expect(weakProbe == nil)
        #expect(!token.isValid)
        #expect(item.observerCount(for: \.badgeValue) == 0)
        token.invalidate()
    }

    @Test func aChainThroughAConstantLinkIsNotCountedOnceTheRootIsGone() {
        let child = Counter()
        let token: ObservationToken
        do {
            let parent = Parent(child: child)
            token = parent.observe(\.total) { _, _ in }
            #expect(child.observerCount(for: \.value) == 1)
        }
        #expect(child.observerCount(for: \.value) == 0)
        // The parent has no storage of its own to announce its end: the registration stays
        // valid, with its handler, until what it reads next changes (GettingStarted.md).
        #expect(token.isValid)
        child.value = 1
        #expect(!token.isValid)
        token.invalidate()
    }
}

private final class Parent: KeyValueObservable {
    let child: Counter
    var total: Int { child.value }
    init(child: Counter) { self.child = child }
}
