import Foundation
import Observing

/// Records events from any thread; tests assert on the whole history.
final class Recorder<Event: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Event] = []

    func record(_ event: Event) {
        lock.withLock { storage.append(event) }
    }

    var events: [Event] { lock.withLock { storage } }
}

/// One call of a `KeyValueObserver`, flattened for comparison.
struct ObservedCall: Equatable, Sendable {
    var observer: String
    var newValue: String?
    var oldValue: String?
    var isPrior = false
    var context: ObservationContext?
}

/// A `KeyValueObserver` that records each call with string values, and can run an action
/// from inside the call (to test re-entrancy).
final class RecordingObserver: KeyValueObserver, @unchecked Sendable {
    let name: String
    let recorder: Recorder<ObservedCall>
    var onChange: ((RecordingObserver) -> Void)?

    init(_ name: String, recorder: Recorder<ObservedCall>) {
        self.name = name
        self.recorder = recorder
    }

    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        recorder.record(
            ObservedCall(
                observer: name, newValue: change.newValue.map(Self.describe),
                oldValue: change.oldValue.map(Self.describe),
                isPrior: change.isPrior, context: context))
        onChange?(self)
    }

    private static func describe(_ value: Any) -> String {
        if let optional = value as? String? { return optional ?? "nil" }
        return String(describing: value)
    }
}
