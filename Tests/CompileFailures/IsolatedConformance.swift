// Must NOT compile: an isolated conformance to KeyValueObserver would let addObserver call
// main-actor code from any thread. scripts/compile-failures.sh checks that the compiler
// rejects it with the diagnostic below.
// expected-error: cannot form main actor-isolated conformance of 'BadgeLabel' to SendableMetatype-inheriting protocol 'KeyValueObserver'
import Observing

final class Counter: KeyValueObservable {
    @Observed var value = 0
}

@MainActor final class BadgeLabel {
    var text = ""
}

extension BadgeLabel: @MainActor KeyValueObserver {
    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        text = "changed"
    }
}

@MainActor func register(_ counter: Counter) {
    counter.addObserver(BadgeLabel(), forKeyPath: \.value)
}
