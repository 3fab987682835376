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
