import Dispatch
import Observing
import Testing

// The samples of the remaining DocC guides ("Options and change values", "Threads, queues and
// actors", "Async sequences", and the Observing side of "Migrating from Combine"), as written
// there with `print` replaced by a recorder. DocumentationExampleTests covers the others.

/// "Options and change values".
@Suite struct OptionsGuideExampleTests {
    final class Counter: KeyValueObservable {
        @Observed var value = 0
    }

    @Test func removeDuplicatesPriorAndInitial() {
        let lines = Recorder<String>()
        let counter = Counter()
        let every = counter.observe(\.value, options: [.new]) { _, change in
            lines.record("every: \(change.newValue ?? 0)")
        }
        let distinct = counter.observe(\.value, options: [.new, .removeDuplicates]) { _, change in
            lines.record("distinct: \(change.newValue ?? 0)")
        }
        counter.value = 1
        counter.value = 1
        #expect(lines.events == ["every: 1", "distinct: 1", "every: 1"])
        every.invalidate()
        distinct.invalidate()

        let prior = Recorder<String>()
        let beforeAndAfter = counter.observe(\.value, options: [.old, .new, .prior]) { counter, change in
            if change.isPrior {
                prior.record("will change from \(change.oldValue ?? 0), reads \(counter.value)")
            } else {
                prior.record("changed from \(change.oldValue ?? 0) to \(change.newValue ?? 0)")
            }
        }
        counter.value = 2
        #expect(prior.events == ["will change from 1, reads 1", "changed from 1 to 2"])
        beforeAndAfter.invalidate()

        let shown = Recorder<Int>()
        let display = counter.observe(\.value, options: [.initial, .new]) { _, change in
            shown.record(change.newValue ?? 0)
        }
        #expect(shown.events == [2])
        withExtendedLifetime(display) {}
    }

    @Test func untypedChangesReadTyped() {
        let change = KeyValueChange(newValue: String?.none as Any)
        #expect(change.newValue(as: String?.self) == .some(nil))
        #expect(change.newValue(as: Int.self) == nil)
    }
}

/// "Threads, queues and actors".
@Suite struct ThreadsGuideExampleTests {
    final class Profile: KeyValueObservable {
        @Observed var unread = 0
    }

    final class Mailbox: KeyValueObservable {
        @Observed var unread = 0
    }

    final class UnreadLabel {
        var text = ""
    }

    @MainActor final class InboxViewModel {
        let label = UnreadLabel()
        var shown = 0
        var tokens: [ObservationToken] = []

        init(mailbox: Mailbox) {
            mailbox.observe(\.unread, options: [.initial, .new]) { [weak self] _, change in
                guard let self else { return }
                label.text = "\(change.newValue ?? 0) unread"
                shown += 1
            }.store(in: &tokens)
        }
    }

    final class Player: Sendable {
        let volume = ObservableProperty(0)  // set on a background queue
    }

    final class VolumeLabel {
        var text = ""
    }

    @MainActor final class PlayerViewModel {
        let label = VolumeLabel()  // a plain, non-Sendable view
        var tokens: [ObservationToken] = []

        init(player: Player) {
            player.volume.observe(options: [.new], queue: .main) { change in
                self.label.text = "\(change.newValue ?? 0)"  // main-actor state, on the main queue
            }.store(in: &tokens)
        }
    }

    final class Library: KeyValueObservable {
        @Observed var files: [String] = []
    }

    final class Indexer: Sendable {
        let indexed = Recorder<String>()

        func index(_ files: [String]) {
            indexed.record("\(files) on \(MainQueue.isCurrent ? "the main queue" : "another queue")")
        }
    }

    @MainActor static func startIndexing(_ library: Library, with indexer: Indexer) -> ObservationToken {
        // `Optional(.global())`: on a global queue's thread, not on the main actor.
        library.observe(\.files, options: [.new], queue: Optional(.global())) { _, change in
            indexer.index(change.newValue ?? [])  // `indexer` is Sendable
        }
    }

    @MainActor final class BadgeLabel: @preconcurrency KeyValueObserver {
        static let context = ObservationContext("BadgeLabel")
        var text = ""

        func observeValue(
            forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
            context: ObservationContext?
        ) {
            guard context == Self.context else { return }
            text = "\(change.newValue(as: Int.self) ?? 0)"
        }
    }

    @Test func aQueuedHandlerRunsOnItsQueueInSetOrder() {
        let seen = Recorder<Int>()
        let profile = Profile()
        let updates = DispatchQueue(label: "updates")
        let onQueue = profile.observe(\.unread, options: [.new], queue: updates) { _, change in
            dispatchPrecondition(condition: .onQueue(updates))
            seen.record(change.newValue ?? 0)
        }
        for value in 1...5 { profile.unread = value }
        updates.sync {}
        #expect(seen.events == [1, 2, 3, 4, 5])
        onQueue.invalidate()
    }

    @MainActor @Test func aPlayerViewModelFollowsAVolumeSetInTheBackground() async {
        let player = Player()
        let model = PlayerViewModel(player: player)
        runOnThreads([{ for volume in 1...3 { player.volume.value = volume } }])
        #expect(model.label.text == "")  // the main queue runs once this test awaits
        await mainQueueRuns()
        #expect(model.label.text == "3")
    }

    @MainActor @Test func anOptionalGlobalQueueRunsTheHandlerOffTheMainActor() async {
        let library = Library()
        let indexer = Indexer()
        let token = Self.startIndexing(library, with: indexer)
        library.files = ["a.swift"]
        while indexer.indexed.events.isEmpty { await mainQueueRuns() }  // until the global queue ran it
        #expect(indexer.indexed.events == ["[\"a.swift\"] on another queue"])
        token.invalidate()
    }

    @MainActor @Test func aMainActorViewModelUpdatesItsLabel() {
        let mailbox = Mailbox()
        let model = InboxViewModel(mailbox: mailbox)
        #expect(model.label.text == "0 unread")
        mailbox.unread = 7
        #expect(model.label.text == "7 unread")
        #expect(model.shown == 2)
    }

    @MainActor @Test func aMainActorObserverSeesEachSet() {
        let mailbox = Mailbox()
        let badge = BadgeLabel()
        mailbox.addObserver(badge, forKeyPath: \.unread, options: [.new], context: BadgeLabel.context)
        mailbox.unread = 3
        #expect(badge.text == "3")
        #expect(mailbox.removeObserver(badge, forKeyPath: \.unread, context: BadgeLabel.context))
    }

    /// The article's sample as given, run from the main actor as `main.swift` would run it: with
    /// `queue: nil` the handler is a plain `@Sendable` one on the setting thread, where one that
    /// took the main actor's isolation would trap on the first worker thread's set.
    @MainActor @Test func sharedValueSerializesNotifications() {
        let pairs = Recorder<[Int]>()
        let downloads = ObservableProperty(0)
        let progress = downloads.observe(options: [.old, .new], queue: nil) { change in
            pairs.record([change.oldValue ?? -1, change.newValue ?? -1])
        }
        DispatchQueue.concurrentPerform(iterations: 4) { _ in
            for _ in 0..<1_000 {
                downloads.modify { $0 += 1 }
            }
        }
        #expect(downloads.value == 4000)
        #expect(pairs.events == (0..<4000).map { [$0, $0 + 1] })
        progress.invalidate()
    }
}

/// "Async sequences".
@Suite struct AsyncSequencesGuideExampleTests {
    final class Profile: KeyValueObservable {
        @Observed var unread = 0
    }

    @Test func everyValueInOrder() async {
        let profile = Profile()
        let unreadCounts = profile.values(for: \.unread)
        profile.unread = 1
        profile.unread = 2

        var seen: [Int] = []
        for await unread in unreadCounts {
            seen.append(unread)
            if seen.count == 3 { break }
        }
        #expect(seen == [0, 1, 2])
    }

    @Test func aSequenceEndsWithItsObject() async {
        var profile: Profile? = Profile()
        let unreadChanges = profile?.changes(for: \.unread, options: [.old, .new])
        profile?.unread = 4
        profile = nil
        var lines: [String] = []
        if let unreadChanges {
            for await change in unreadChanges {
                lines.append("unread: \(change.oldValue ?? 0) -> \(change.newValue ?? 0)")
            }
        }
        lines.append("the profile is gone")
        #expect(lines == ["unread: 0 -> 4", "the profile is gone"])
    }
}

/// "Migrating from Combine": the Observing side of each task.
@Suite struct CombineGuideExampleTests {
    final class Profile: KeyValueObservable {
        @Observed var name = ""
        @Observed var unread = 0
    }

    final class Label {
        var text = ""
    }

    @Test func observingSideOfEachTask() {
        let lines = Recorder<String>()
        let profile = Profile()
        var tokens = Set<ObservationToken>()
        profile.observe(\.unread, options: [.initial, .new]) { _, change in
            lines.record("unread: \(change.newValue ?? 0)")
        }
        .store(in: &tokens)
        profile.observe(\.unread, options: [.old, .new]) { _, change in
            lines.record("unread: \(change.oldValue ?? 0) -> \(change.newValue ?? 0)")
        }
        .store(in: &tokens)
        let label = Label()
        profile.bind(\.unread, to: label, \.text) { "\($0)" }
            .store(in: &tokens)
        profile.observe(\.summary, options: [.initial, .new]) { _, change in
            lines.record(change.newValue ?? "")
        }
        .store(in: &tokens)
        #expect(lines.events == ["unread: 0", " (0)"])

        profile.unread = 2
        profile.name = "Ada"
        #expect(lines.events == ["unread: 0", " (0)", "unread: 2", "unread: 0 -> 2", " (2)", "Ada (2)"])
        #expect(label.text == "2")

        let count = ObservableProperty(0)
        count.observe(options: [.initial, .new]) { change in
            lines.record("count: \(change.newValue ?? 0)")
        }
        .store(in: &tokens)
        count.value = 3
        #expect(lines.events.suffix(2) == ["count: 0", "count: 3"])
    }
}

extension CombineGuideExampleTests.Profile {
    var summary: String { "\(name) (\(unread))" }
}

extension CombineGuideExampleTests {
    @MainActor final class UnreadBadge {
        var text = ""
        var tokens = Set<ObservationToken>()

        init(profile: Profile) {
            profile.observe(\.unread, options: [.initial, .new]) { [weak self] _, change in
                self?.text = "\(change.newValue ?? 0)"
            }
            .store(in: &tokens)
        }
    }

    @MainActor @Test func aMainActorViewModelNeedsNoHop() {
        let profile = Profile()
        let badge = UnreadBadge(profile: profile)
        #expect(badge.text == "0")
        profile.unread = 4
        #expect(badge.text == "4")
    }
}

/// "Async sequences" and "Bindings": an `ObservableProperty` as the source, as written there with
/// the label a `Label` and the slider a `KeyValueObservable` model.
@Suite struct ObservablePropertyGuideExampleTests {
    final class Player: Sendable {
        let volume = ObservableProperty(0)
    }

    @MainActor final class VolumeLabel {
        var text = ""
    }

    final class Slider: KeyValueObservable {
        @Observed var value = 0
    }

    @Test func aMainActorTaskConsumesBackgroundSets() async {
        let player = Player()
        let volumeLabel = VolumeLabel()
        let values = player.volume.values()
        DispatchQueue.global().async {
            for volume in 1...3 { player.volume.value = volume }
        }
        let task = Task { @MainActor in
            for await volume in values {
                volumeLabel.text = "\(volume)"
                if volume == 3 { break }
            }
        }
        await task.value
        #expect(await volumeLabel.text == "3")
    }

    @Test func bindingsFromAnObservableProperty() {
        let levelLabel = Label()
        let slider = Slider()
        let level = ObservableProperty(3)
        let shown = level.bind(to: levelLabel, \.text) { "level \($0)" }
        let synced = level.bind(twoWayTo: slider, \.value)
        #expect(levelLabel.text == "level 3")
        #expect(slider.value == 3)
        slider.value = 8
        #expect(level.value == 8)
        #expect(levelLabel.text == "level 8")
        withExtendedLifetime((shown, synced)) {}
    }
}
