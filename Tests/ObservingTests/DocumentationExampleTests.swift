import Observing
import Testing

// The main samples of the DocC articles in Sources/Observing/Observing.docc, as written there,
// with `print` replaced by a recorder so that each comment in the article becomes an
// expectation. Each suite nests the article's types, so they shadow the shared fixtures.

/// "Getting started".
@Suite struct GettingStartedExampleTests {
    final class Profile: KeyValueObservable {
        @Observed var name = ""
        @Observed var unread = 0
        var hasUnread: Bool { unread > 0 }  // computed: observable too
    }

    final class Session: KeyValueObservable {
        @Observed var currentProfile: Profile?
    }

    @Test func observeEndComputeChainAndCount() {
        let lines = Recorder<String>()
        let profile = Profile()
        let token = profile.observe(\.unread, options: [.initial, .old, .new]) { profile, change in
            lines.record("unread: \(change.oldValue ?? 0) -> \(change.newValue ?? 0)")
        }
        #expect(lines.events == ["unread: 0 -> 0"])
        profile.unread = 3
        profile.unread = 3
        #expect(lines.events == ["unread: 0 -> 0", "unread: 0 -> 3", "unread: 3 -> 3"])

        token.invalidate()
        profile.unread = 4
        #expect(lines.events.count == 3)
        #expect(!token.isValid)

        var tokens = Set<ObservationToken>()
        profile.observe(\.name, options: [.new]) { _, change in
            lines.record("name: \(change.newValue ?? "")")
        }
        .store(in: &tokens)

        let unreadFlag = profile.observe(\.hasUnread, options: [.old, .new]) { _, change in
            lines.record("has unread: \(change.newValue ?? false)")
        }
        profile.unread = 0
        #expect(lines.events.last == "has unread: false")

        let chainLines = Recorder<String>()
        let session = Session()
        let currentName = session.observe(\.currentProfile?.name, options: [.new]) { _, change in
            chainLines.record("current name: \((change.newValue ?? nil) ?? "none")")
        }
        session.currentProfile = profile
        profile.name = "Ada"
        session.currentProfile = nil
        profile.name = "Grace"
        #expect(chainLines.events == ["current name: ", "current name: Ada", "current name: none"])
        #expect(lines.events.suffix(2) == ["name: Ada", "name: Grace"])

        #expect(profile.observerCount(for: \.name) == 1)
        withExtendedLifetime((tokens, unreadFlag, currentName)) {}
    }

    @Test func droppingTheTokenEndsTheObservation() {
        let lines = Recorder<Int>()
        let profile = Profile()
        var token: ObservationToken? = profile.observe(\.unread, options: [.new]) { _, change in
            lines.record(change.newValue ?? -1)
        }
        profile.unread = 1
        token = nil
        profile.unread = 2
        #expect(lines.events == [1])
        #expect(token == nil)
    }
}

/// "Contexts and safe removal".
@Suite struct ContextsAndSafeRemovalExampleTests {
    final class Profile: KeyValueObservable {
        @Observed var unread = 0
    }

    class Screen: KeyValueObserver {
        static let screenContext = ObservationContext("Screen")
        private(set) var unread = 0

        func start(observing profile: Profile) {
            profile.addObserver(self, forKeyPath: \.unread, options: [.new], context: Screen.screenContext)
        }

        func stop(observing profile: Profile) {
            profile.removeObserver(self, forKeyPath: \.unread, context: Screen.screenContext)
        }

        func observeValue(
            forKeyPath keyPath: AnyKeyPath, of object: AnyObject,
            change: KeyValueChange, context: ObservationContext?
        ) {
            guard context == Screen.screenContext else { return }
            unread = change.newValue(as: Int.self) ?? unread
        }
    }

    final class InboxScreen: Screen {
        static let inboxContext = ObservationContext("InboxScreen")
        private(set) var badge = ""

        override func start(observing profile: Profile) {
            super.start(observing: profile)
            profile.addObserver(
                self, forKeyPath: \.unread, options: [.new], context: InboxScreen.inboxContext)
        }

        override func observeValue(
            forKeyPath keyPath: AnyKeyPath, of object: AnyObject,
            change: KeyValueChange, context: ObservationContext?
        ) {
            guard context == InboxScreen.inboxContext else {
                super.observeValue(forKeyPath: keyPath, of: object, change: change, context: context)
                return
            }
            badge = "\(change.newValue(as: Int.self) ?? 0)"
        }
    }

    @Test func contextsKeepSuperclassAndSubclassRegistrationsApart() {
        let profile = Profile()
        let screen = InboxScreen()
        screen.start(observing: profile)
        profile.unread = 2
        #expect(screen.unread == 2)
        #expect(screen.badge == "2")

        screen.stop(observing: profile)
        profile.unread = 5
        #expect(screen.unread == 2)
        #expect(screen.badge == "5")

        #expect(!profile.removeObserver(screen, forKeyPath: \.unread, context: Screen.screenContext))
        #expect(profile.removeObserver(screen, forKeyPath: \.unread, context: InboxScreen.inboxContext))
        #expect(!profile.removeObserver(screen, forKeyPath: \.unread, context: InboxScreen.inboxContext))
        #expect(!profile.removeObserver(screen, forKeyPath: \.unread))
        profile.unread = 6
        #expect(screen.badge == "5")
    }

    @Test func aDeallocatedObserverTakesItsRegistrationsWithIt() {
        let profile = Profile()
        var temporary: Screen? = Screen()
        temporary?.start(observing: profile)
        #expect(profile.observerCount(for: \.unread) == 1)
        temporary = nil
        #expect(profile.observerCount(for: \.unread) == 0)
        profile.unread = 1
    }

    @Test func twoRegistrationsNeedTwoRemovals() {
        let profile = Profile()
        let screen = Screen()
        screen.start(observing: profile)
        screen.start(observing: profile)
        #expect(profile.observerCount(for: \.unread) == 2)
        #expect(profile.removeObserver(screen, forKeyPath: \.unread, context: Screen.screenContext))
        #expect(profile.observerCount(for: \.unread) == 1)
        profile.unread = 3
        #expect(screen.unread == 3)
    }
}

/// "Bindings".
@Suite struct BindingsExampleTests {
    final class TabItem: KeyValueObservable {
        @Observed var title = ""
        @Observed var badgeValue: String?
    }

    final class Label {
        var text = ""
    }

    final class Draft: KeyValueObservable {
        @Observed var text = ""
    }

    final class Editor: KeyValueObservable {
        @Observed var text = ""
    }

    final class Shell: KeyValueObservable {
        @Observed var selectedItem: TabItem?
    }

    @Test func oneWayBindingsPushFollowAndStop() {
        let item = TabItem()
        let badge = Label()
        let badgeBinding = item.bind(\.badgeValue, to: badge, \.text) { $0 ?? "-" }
        #expect(badge.text == "-")
        item.badgeValue = "5"
        #expect(badge.text == "5")

        let title = Label()
        let titleBinding = item.bind(\.title, to: title, \.text)
        item.title = "Inbox"
        #expect(title.text == "Inbox")

        badgeBinding.invalidate()
        item.badgeValue = "6"
        #expect(badge.text == "5")

        let shell = Shell()
        let header = Label()
        let headerBinding = shell.bind(\.selectedItem?.title, to: header, \.text) { $0 ?? "" }
        #expect(header.text == "")
        shell.selectedItem = item
        #expect(header.text == "Inbox")
        withExtendedLifetime((titleBinding, headerBinding)) {}
    }

    @Test func twoWayBindingCrossesOnceEachWay() {
        let draft = Draft()
        let editor = Editor()
        draft.text = "Hello"
        let sync = draft.bind(\.text, twoWayTo: editor, \.text)
        #expect(editor.text == "Hello")

        let editorChanges = Recorder<String>()
        let editorToken = editor.observe(\.text, options: [.new]) { _, change in
            editorChanges.record(change.newValue ?? "")
        }
        editor.text = "Hello, world"
        #expect(draft.text == "Hello, world")
        draft.text = "Bye"
        #expect(editor.text == "Bye")
        #expect(editorChanges.events == ["Hello, world", "Bye"])

        sync.invalidate()
        draft.text = "Unbound"
        #expect(editor.text == "Bye")
        withExtendedLifetime(editorToken) {}
    }
}

/// "Collections".
@Suite struct CollectionsExampleTests {
    final class Inbox: KeyValueObservable {
        @Observed var messages: [String] = []
    }

    @Test func elementLevelChangesReportKindsIndexesAndElements() {
        let lines = Recorder<String>()
        let inbox = Inbox()
        let token = inbox.observe(\.messages, options: [.old, .new]) { _, change in
            lines.record(
                "\(change.kind) \(change.indexes?.sorted() ?? []) \(change.oldValue ?? []) \(change.newValue ?? [])"
            )
        }
        let messages = inbox.mutableArrayValue(for: \.messages)
        messages.append("hello")
        messages.insert("first", at: 0)
        messages.replace(at: 1, with: "hi")
        messages.remove(at: [0, 1])
        inbox.messages = ["a", "b"]
        #expect(
            lines.events == [
                #"insertion [0] [] ["hello"]"#,
                #"insertion [0] [] ["first"]"#,
                #"replacement [1] ["hello"] ["hi"]"#,
                #"removal [0, 1] ["first", "hi"] []"#,
                #"setting [] [] ["a", "b"]"#,
            ])
        #expect(messages.elements == ["a", "b"])
        withExtendedLifetime(token) {}
    }

    @Test func insertionIndexesArePositionsInTheNewArray() {
        let inbox = Inbox()
        inbox.messages = ["a", "b"]
        let changes = Recorder<KeyValueObservedChange<[String]>>()
        let token = inbox.observe(\.messages, options: [.new]) { _, change in changes.record(change) }
        inbox.mutableArrayValue(for: \.messages).insert(["x", "y"], at: [0, 2])
        #expect(inbox.messages == ["x", "a", "y", "b"])
        #expect(
            changes.events == [
                KeyValueObservedChange(kind: .insertion, newValue: ["x", "y"], indexes: [0, 2])
            ])
        withExtendedLifetime(token) {}
    }
}

/// "Migrating from KVO": the Observing side of each task.
@Suite struct MigratingFromKVOExampleTests {
    final class Account: KeyValueObservable {
        @Observed var balance = 0
        @Observed var owner = ""
    }

    final class Statement: KeyValueObserver {
        static let context = ObservationContext("Statement")
        private(set) var lastBalance = 0

        func start(_ account: Account) {
            account.addObserver(
                self, forKeyPath: \.balance,
                options: [.new], context: Statement.context)
        }

        func stop(_ account: Account) -> Bool {
            // Returns false if not registered.
            account.removeObserver(
                self, forKeyPath: \.balance,
                context: Statement.context)
        }

        func observeValue(
            forKeyPath keyPath: AnyKeyPath, of object: AnyObject,
            change: KeyValueChange,
            context: ObservationContext?
        ) {
            guard context == Statement.context else { return }
            lastBalance = change.newValue(as: Int.self) ?? lastBalance
        }
    }

    final class Mailbox: KeyValueObservable {
        @Observed var messages: [String] = []
    }

    @MainActor final class BalanceLabel {
        var text = ""
        var tokens: [ObservationToken] = []

        init(account: Account) {
            account.observe(\.balance, options: [.new]) { [weak self] _, change in
                self?.text = "\(change.newValue ?? 0)"
            }.store(in: &tokens)
        }
    }

    @MainActor @Test func mainActorViewModelNeedsNoHop() {
        let account = Account()
        let label = BalanceLabel(account: account)
        account.balance = 12
        #expect(label.text == "12")
    }

    @Test func closureObservation() {
        let lines = Recorder<String>()
        let account = Account()
        let observation = account.observe(\.balance, options: [.old, .new]) { account, change in
            lines.record("balance: \(change.oldValue ?? 0) -> \(change.newValue ?? 0)")
        }
        account.balance = 100
        observation.invalidate()
        account.balance = 200
        #expect(lines.events == ["balance: 0 -> 100"])
    }

    @Test func observerWithContextNeedsNoRemovalAndSurvivesADoubleRemoval() {
        let account = Account()
        let statement = Statement()
        statement.start(account)
        account.balance = 40
        #expect(statement.lastBalance == 40)
        #expect(statement.stop(account))
        #expect(!statement.stop(account))
        account.balance = 50
        #expect(statement.lastBalance == 40)
    }

    @Test func computedPropertyNeedsNoDependencyDeclaration() {
        let lines = Recorder<String>()
        let account = Account()
        let alert = account.observe(\.isOverdrawn, options: [.new]) { _, change in
            lines.record("overdrawn: \(change.newValue ?? false)")
        }
        account.balance = -5
        #expect(lines.events == ["overdrawn: true"])
        withExtendedLifetime(alert) {}
    }

    /// The article's declared dependency: storage that is not `@Observed`, notified by hand.
    @Test func aDependencyNotifiedByHandIsDeclared() {
        let gauge = Gauge()
        let values = Recorder<Bool>()
        let token = gauge.observe(\.isOverLimit, options: [.new]) { _, change in
            values.record(change.newValue ?? false)
        }
        gauge.willChangeValue(for: \.limit)
        gauge.limit = -1
        gauge.didChangeValue(for: \.limit)
        #expect(values.events == [true])
        gauge.level = -2
        #expect(values.events == [true, false])
        withExtendedLifetime(token) {}
    }

    @Test func toManyProxy() {
        let mailbox = Mailbox()
        let changes = Recorder<KeyValueObservedChange<[String]>>()
        let token = mailbox.observe(\.messages, options: [.new]) { _, change in changes.record(change) }
        let proxy = mailbox.mutableArrayValue(
            for: \.messages)
        proxy.insert("hello", at: 0)
        #expect(
            changes.events == [KeyValueObservedChange(kind: .insertion, newValue: ["hello"], indexes: [0])])
        withExtendedLifetime(token) {}
    }
}

extension MigratingFromKVOExampleTests.Account {
    var isOverdrawn: Bool { balance < 0 }
}

extension MigratingFromKVOExampleTests {
    final class Gauge: KeyValueObservable {
        @Observed var level = 0
        var limit = 10  // plain storage, notified by hand
        var isOverLimit: Bool { level > limit }

        static func keyPathsForValuesAffectingValue(for keyPath: AnyKeyPath) -> [AnyKeyPath] {
            keyPath == \Gauge.isOverLimit ? [\Gauge.limit] : []
        }
        static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool {
            keyPath != \Gauge.limit
        }
    }
}

/// The whole-object example of the Getting Started article.
@Suite struct WholeObjectExampleTests {
    final class Draft: KeyValueObservable, WholeObjectObservable {
        @Observed var title = ""
        @Observed var body = ""
        @Observed var tags: Set<String> = []
    }

    @MainActor final class AutosaveIndicator {
        private(set) var unsavedChanges = 0
        private var token: ObservationToken?

        init(draft: Draft) {
            token = draft.observeChanges { [weak self] draft, keyPath, change in
                self?.unsavedChanges += 1
            }
        }

        func didSave() { unsavedChanges = 0 }
    }

    @MainActor @Test func theIndicatorCountsEveryChangeUntilSaved() {
        let draft = Draft()
        let indicator = AutosaveIndicator(draft: draft)
        draft.title = "Minutes"
        draft.body = "Present: all"
        draft.tags.insert("meeting")
        #expect(indicator.unsavedChanges == 3)
        indicator.didSave()
        draft.title = "Minutes, 1 December"
        #expect(indicator.unsavedChanges == 1)
    }
}
