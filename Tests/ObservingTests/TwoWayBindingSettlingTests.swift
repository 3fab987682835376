import Observing
import Testing

/// A two-way binding ends with both sides equal, each written once per value.
///
/// It does even when `==` cannot recognize the echo (NaN) or a side passes through an
/// intermediate value while the binding writes it (a computed property whose setter stores
/// twice). Found by a cold bug hunt: NaN crossed back and forth without end, and a form bound
/// to a full name ended on an intermediate value.
@Suite struct TwoWayBindingSettlingTests {
    @Test func aNaNCrossesOnceBetweenTwoKeyPaths() {
        let model = Level()
        let slider = Level()
        let sync = model.bind(\.value, twoWayTo: slider, \.value)
        let (sliderWrites, watch) = recordNewValues(of: slider, \.value)

        model.value = .nan

        #expect(slider.value.isNaN)
        #expect(model.value.isNaN)
        #expect(sliderWrites.events.count == 1)
        slider.value = 2
        #expect(model.value == 2)
        withExtendedLifetime((sync, watch)) {}
    }

    @Test func aNaNCrossesOnceFromAnObservableProperty() {
        let level = ObservableProperty(0.0)
        let slider = Level()
        let sync = level.bind(twoWayTo: slider, \.value)
        let (sliderWrites, watch) = recordNewValues(of: slider, \.value)

        level.value = .nan
        slider.value = .nan

        #expect(slider.value.isNaN)
        #expect(level.value.isNaN)
        #expect(sliderWrites.events.count == 2)
        withExtendedLifetime((sync, watch)) {}
    }

    @Test func aComputedSideThatStoresTwiceEndsEqualToTheValueWritten() {
        let person = FullNamePerson()
        let form = NameForm()
        let sync = form.bind(\.name, twoWayTo: person, \.fullName)
        let (formWrites, watch) = recordNewValues(of: form, \.name)

        form.name = "John Smith"

        #expect(person.fullName == "John Smith")
        #expect(form.name == "John Smith")
        #expect(formWrites.events == ["John Smith"])
        person.last = "Brown"
        #expect(form.name == "John Brown")
        withExtendedLifetime((sync, watch)) {}
    }

    @Test func aComputedSideThatStoresTwiceEndsEqualToAnObservablePropertysValue() {
        let person = FullNamePerson()
        let name = ObservableProperty("")
        let sync = name.bind(twoWayTo: person, \.fullName)
        #expect(person.fullName == " ")
        #expect(name.value == " ")

        name.value = "John Smith"

        #expect(person.fullName == "John Smith")
        #expect(name.value == "John Smith")
        withExtendedLifetime(sync) {}
    }

    @Test func aNormalizedComputedSideCrossesBackOnce() {
        let person = FullNamePerson(normalizes: true)
        let form = NameForm()
        let sync = form.bind(\.name, twoWayTo: person, \.fullName)

        form.name = "john smith"

        #expect(person.fullName == "John Smith")
        #expect(form.name == "John Smith")
        withExtendedLifetime(sync) {}
    }

    /// Found by a cold review: a value crossing back to a side that already held it (it
    /// changed in a crossing nested in the write) was written again, and a setter that skips
    /// equal values sent no echo, which then swallowed a later genuine change.
    @Test func aValueDoesNotCrossBackToASideThatAlreadyHoldsIt() {
        let source = GuardedText()
        let target = TextBox()
        let sync = source.bind(\.value, twoWayTo: target, \.value)
        let redirect = target.observe(\.value, options: [.new]) { _, change in
            if change.newValue == "x" { source.value = "z" }
        }

        source.value = "x"
        #expect([source.value, target.value] == ["z", "z"])
        source.value = "w"
        #expect([source.value, target.value] == ["w", "w"])
        source.value = "z"
        #expect([source.value, target.value] == ["z", "z"])
        #expect(source.writes == ["x", "z", "w", "z"])
        withExtendedLifetime((sync, redirect)) {}
    }

    /// Found by a cold review: a binding invalidated by a handler during its own write still
    /// sent the side's new value back.
    @Test func aBindingInvalidatedDuringItsWriteSendsNothingBack() {
        let source = TextBox()
        let target = TextBox()
        let holder = TokenHolder()
        holder.token = source.bind(\.value, twoWayTo: target, \.value)
        let normalizer = target.observe(\.value, options: [.new]) { target, change in
            guard change.newValue == "abc" else { return }
            holder.token?.invalidate()
            target.value = "ABC"
        }

        source.value = "abc"

        #expect(source.value == "abc")
        #expect(target.value == "ABC")
        withExtendedLifetime(normalizer) {}
    }
}

/// Records each new value `object` reports for `keyPath`, as the other side's observers see it.
private func recordNewValues<Root: KeyValueObservable, Value: Sendable>(
    of object: Root, _ keyPath: KeyPath<Root, Value> & Sendable
) -> (Recorder<Value>, ObservationToken) {
    let writes = Recorder<Value>()
    let token = object.observe(keyPath, options: [.new]) { _, change in
        if let value = change.newValue { writes.record(value) }
    }
    return (writes, token)
}

/// A key path notified by hand whose setter skips a value it already holds, as KVO code often
/// does; records each value it stores.
private final class GuardedText: KeyValueObservable, @unchecked Sendable {
    // Unchecked: each test uses it on one thread.
    private var stored = ""
    private(set) var writes: [String] = []

    var value: String {
        get { stored }
        set {
            guard newValue != stored else { return }
            willChangeValue(for: \.value)
            stored = newValue
            writes.append(newValue)
            didChangeValue(for: \.value)
        }
    }
}

private final class TextBox: KeyValueObservable, @unchecked Sendable {
    // Unchecked: each test uses it on one thread.
    @Observed var value = ""
}

private final class TokenHolder: @unchecked Sendable {
    // Unchecked: each test uses it on one thread.
    var token: ObservationToken?
}

private final class Level: KeyValueObservable, @unchecked Sendable {
    // Unchecked: each test uses it on one thread.
    @Observed var value = 0.0
}

private final class NameForm: KeyValueObservable {
    @Observed var name = "Jane Doe"
}

private final class FullNamePerson: KeyValueObservable {
    @Observed var first = "Jane"
    @Observed var last = "Doe"
    private let normalizes: Bool

    init(normalizes: Bool = false) {
        self.normalizes = normalizes
    }

    /// Stores `first`, then `last`: observers of `fullName` see "John Doe"-like intermediate
    /// values while it is set; normalizing capitalizes each name.
    var fullName: String {
        get { "\(first) \(last)" }
        set {
            let parts = newValue.split(separator: " ").map { normalizes ? $0.capitalized : String($0) }
            first = parts.first ?? ""
            last = parts.dropFirst().first ?? ""
        }
    }
}
