// Must NOT compile: a handler registered from a nonisolated context may run on any thread that
// sets the property, so it must be @Sendable and capture only Sendable values.
// expected-error: capture of 'label' with non-Sendable type 'Label' in a '@Sendable' closure
import Observing

final class Counter: KeyValueObservable {
    @Observed var value = 0
}

final class Label {
    var text = ""
}

nonisolated func register(_ counter: Counter) -> ObservationToken {
    let label = Label()
    return counter.observe(\.value, options: [.new]) { _, change in
        label.text = "\(change.newValue ?? 0)"
    }
}
