// Must NOT compile: a handler registered with a queue from a nonisolated context has no actor
// to run on, so it runs on the queue as a @Sendable closure and captures only Sendable values
// (`queue: .main` included: only a handler written in main-actor code may use its state).
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
    return counter.observe(\.value, options: [.new], queue: .main) { _, change in
        label.text = "\(change.newValue ?? 0)"
    }
}
