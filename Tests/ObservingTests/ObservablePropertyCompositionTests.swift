import Dispatch
import Observing
import Testing

/// A text field whose value an observer may normalize (uppercase), for two-way bindings.
final class PropertyField: KeyValueObservable, @unchecked Sendable {
    // Unchecked: each test uses it on one thread, or on the threads it serializes.
    @Observed var value = ""
}

/// `ObservableProperty` composes like every other observable: async sequences of its values
/// and changes, and one-way and two-way bindings, with the semantics of the key-path forms.
@Suite struct ObservablePropertyCompositionTests {
    @Test func valuesStartWithTheCurrentValueThenEachNewOneAndEndWithTheProperty() async {
        var level: ObservableProperty<Int>? = ObservableProperty(1)
        let values = level!.values()
        level?.value = 2
        level?.value = 3
        level = nil
        var seen: [Int] = []
        for await value in values { seen.append(value) }
        #expect(seen == [1, 2, 3])
    }

    @Test func changesReportTheValuesTheOptionsAskFor() async {
        let level = ObservableProperty(1)
        let changes = level.changes(options: [.old, .new])
        level.value = 5
        level.value = 7
        var iterator = changes.makeAsyncIterator()
        let first = await iterator.next()
        let second = await iterator.next()
        #expect(first?.oldValue == 1 && first?.newValue == 5)
        #expect(second?.oldValue == 5 && second?.newValue == 7)
    }

    @Test func cancellingTheConsumingTaskRemovesTheRegistration() async {
        let level = ObservableProperty(0)
        let values = level.values()
        #expect(level.observerCount == 1)
        let consumer = Task {
            for await _ in values {}
        }
        consumer.cancel()
        await consumer.value
        #expect(level.observerCount == 0)
    }

    @Test func valuesFromSeveralThreadsArriveOnceEachInTheOrderTheyWereSerialized() async {
        let level = ObservableProperty(0)
        let order = Recorder<Int>()
        // A synchronous observer sees the order the property serialized the sets in.
        let token = level.observe(options: [.new]) { change in order.record(change.newValue ?? -1) }
        let values = level.values()
        runOnThreads(
            (0..<4).map { thread in
                { @Sendable in for step in 1...50 { level.value = thread * 1_000 + step } }
            })
        var seen: [Int] = []
        for await value in values {
            seen.append(value)
            if seen.count == 201 { break }
        }
        #expect(seen == [0] + order.events)
        #expect(Set(seen.dropFirst()).count == 200)
        token.invalidate()
    }

    @Test func aOneWayBindingPushesAtOnceThenEachChangeAndEndsWithItsTarget() {
        let level = ObservableProperty(4)
        var label: Label? = Label()
        let token = level.bind(to: label!, \.text) { "level \($0)" }
        #expect(label?.text == "level 4")
        level.value = 6
        #expect(label?.text == "level 6")
        #expect(level.observerCount == 1)
        label = nil
        level.value = 7
        #expect(level.observerCount == 0)
        #expect(!token.isValid)
    }

    @Test func aOneWayBindingOfTheSameTypeAndItsToken() {
        let level = ObservableProperty("a")
        let model = TextModel()
        let token = level.bind(to: model, \.text)
        #expect(model.text == "a")
        level.value = "b"
        #expect(model.text == "b")
        token.invalidate()
        level.value = "c"
        #expect(model.text == "b")
        #expect(level.observerCount == 0)
    }

    @Test func aTwoWayBindingCrossesEachChangeOnceWithoutPingPong() {
        let text = ObservableProperty("start")
        let field = PropertyField()
        let propertyChanges = Recorder<String>()
        let fieldChanges = Recorder<String>()
        let tokens = [
            text.observe(options: [.new]) { propertyChanges.record($0.newValue ?? "") },
            field.observe(\.value, options: [.new]) { _, change in fieldChanges.record(change.newValue ?? "")
            },
        ]
        let binding = text.bind(twoWayTo: field, \.value)
        #expect(field.value == "start")
        text.value = "from property"
        #expect(field.value == "from property")
        field.value = "from field"
        #expect(text.value == "from field")
        #expect(propertyChanges.events == ["from property", "from field"])
        #expect(fieldChanges.events == ["start", "from property", "from field"])
        binding.invalidate()
        field.value = "unbound"
        #expect(text.value == "from field")
        withExtendedLifetime(tokens) {}
    }

    @Test func aNormalizingSideSettlesBothSidesOnTheNormalizedValue() {
        let text = ObservableProperty("")
        let field = PropertyField()
        let normalizer = field.observe(\.value, options: [.new]) { field, change in
            let value = change.newValue ?? ""
            if value != value.uppercased() { field.value = value.uppercased() }
        }
        let binding = text.bind(twoWayTo: field, \.value)
        text.value = "mixed Case"
        #expect(field.value == "MIXED CASE")
        #expect(text.value == "MIXED CASE")
        withExtendedLifetime((normalizer, binding)) {}
    }

    @Test func aTwoWayBindingEndsWithTheProperty() {
        var text: ObservableProperty<String>? = ObservableProperty("x")
        let field = PropertyField()
        let binding = text!.bind(twoWayTo: field, \.value)
        #expect(field.observerCount(for: \.value) == 1)
        text = nil
        #expect(field.observerCount(for: \.value) == 0)
        field.value = "after"
        withExtendedLifetime(binding) {}
    }
}
