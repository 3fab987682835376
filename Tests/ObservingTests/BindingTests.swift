import Observing
import Testing

@Suite struct BindingTests {
    @Test func oneWayBindingPushesAtOnceFollowsAndEndsWithTheTarget() {
        let item = TabItem()
        var label: Label? = Label()
        let binding = item.bind(\.badgeValue, to: label ?? Label(), \.text) { $0 ?? "-" }
        #expect(label?.text == "-")

        item.badgeValue = "7"
        #expect(label?.text == "7")
        #expect(item.observerCount(for: \.badgeValue) == 1)

        label = nil
        #expect(item.observerCount(for: \.badgeValue) == 0)
        item.badgeValue = "8"
        #expect(binding.isValid)
        binding.invalidate()
        #expect(!binding.isValid)
    }

    @Test func bindingDoesNotRetainTheTarget() {
        let item = TabItem()
        weak var weakLabel: Label?
        let binding: ObservationToken
        do {
            let label = Label()
            weakLabel = label
            binding = item.bind(\.title, to: label, \.text)
            item.title = "t"
            #expect(label.text == "t")
        }
        #expect(weakLabel == nil)
        binding.invalidate()
    }

    @Test func twoWayBindingCrossesOnceInEachDirection() {
        let a = TextModel()
        let b = TextModel()
        let sync = a.bind(\.text, twoWayTo: b, \.text)
        let notifications = Recorder<String>()
        let observeA = a.observe(\.text, options: [.new]) { _, change in
            notifications.record("a=\(change.newValue ?? "")")
        }
        let observeB = b.observe(\.text, options: [.new]) { _, change in
            notifications.record("b=\(change.newValue ?? "")")
        }

        a.text = "x"
        #expect(b.text == "x")
        #expect(notifications.events.sorted() == ["a=x", "b=x"])

        b.text = "y"
        #expect(a.text == "y")
        #expect(notifications.events.sorted() == ["a=x", "a=y", "b=x", "b=y"])

        sync.invalidate()
        a.text = "z"
        #expect(b.text == "y")
        observeA.invalidate()
        observeB.invalidate()
    }
}

@Suite struct TwoWayNormalizingBindingTests {
    @Test(arguments: [false, true])
    func bothSidesEndAtTheNormalizedValue(normalizerFirst: Bool) {
        let model = TextModel()
        let editor = TextModel()
        let writes = Recorder<String>()
        var tokens: [ObservationToken] = []
        let normalizer = {
            editor.observe(\.text, options: [.new]) { editor, change in
                writes.record("editor=\(change.newValue ?? "-")")
                let upper = (change.newValue ?? "").uppercased()
                if upper != change.newValue { editor.text = upper }
            }
        }
        if normalizerFirst { tokens.append(normalizer()) }
        tokens.append(model.bind(\.text, twoWayTo: editor, \.text))
        if !normalizerFirst { tokens.append(normalizer()) }
        let modelWrites = model.observe(\.text, options: [.new]) { _, change in
            writes.record("model=\(change.newValue ?? "-")")
        }

        editor.text = "typed"
        #expect(model.text == "TYPED")
        #expect(editor.text == "TYPED")

        model.text = "from model"
        #expect(model.text == "FROM MODEL")
        #expect(editor.text == "FROM MODEL")
        // No ping-pong: each side is written once per value it takes, in order (a normalizer
        // registered before the binding also sees the initial push of "").
        let events = writes.events
        #expect(
            events.filter { $0.hasPrefix("model=") } == [
                "model=typed", "model=TYPED", "model=from model", "model=FROM MODEL",
            ])
        #expect(
            events.filter { $0.hasPrefix("editor=") }
                == (normalizerFirst ? ["editor="] : [])
                + ["editor=typed", "editor=TYPED", "editor=from model", "editor=FROM MODEL"])
        withExtendedLifetime((tokens, modelWrites)) {}
    }

    @Test func bindingANonEquatableValueSkipsOnlyTheEcho() {
        let left = Holder()
        let right = Holder()
        let token = left.bind(\.box, twoWayTo: right, \.box)
        left.box = Box(1)
        #expect(right.box.value == 1)
        right.box = Box(2)
        #expect(left.box.value == 2)
        withExtendedLifetime(token) {}
    }
}

private struct Box {
    var value: Int
    init(_ value: Int) { self.value = value }
}

private final class Holder: KeyValueObservable {
    @Observed var box = Box(0)
}

@Suite struct ToManyBindingTests {
    @Test func aBindingOfAnArrayWritesTheWholeArrayAfterAToManyChange() {
        let inbox = Inbox()
        let mirror = Inbox()
        let token = inbox.bind(\.messages, to: mirror, \.messages)
        let messages = inbox.mutableArrayValue(for: \.messages)
        messages.append("a")
        messages.append("b")
        #expect(mirror.messages == ["a", "b"])
        messages.remove(at: 0)
        #expect(mirror.messages == ["b"])
        messages.replace(at: 0, with: "c")
        #expect(mirror.messages == ["c"])
        withExtendedLifetime(token) {}
    }

    @Test func aTwoWayBindingOfAnArrayKeepsBothSidesWhole() {
        let left = Inbox()
        let right = Inbox()
        let token = left.bind(\.messages, twoWayTo: right, \.messages)
        left.mutableArrayValue(for: \.messages).append("a")
        right.mutableArrayValue(for: \.messages).insert("b", at: 0)
        #expect(left.messages == ["b", "a"])
        #expect(right.messages == ["b", "a"])
        withExtendedLifetime(token) {}
    }
}
