import Observation
import Observing

/// What a `withObservationTracking` tracker reads of the tracked object.
package enum TrackedRead: Hashable {
    case first
    case second
    /// `both`, computed from the two.
    case both

    /// The tracked property at `index`.
    static func property(_ index: Int) -> TrackedRead {
        index == 0 ? .first : .second
    }

    var name: String {
        switch self {
        case .first: "first"
        case .second: "second"
        case .both: "both"
        }
    }

    /// Whether a set of the property at `index` changes what it reads.
    func reads(property index: Int) -> Bool {
        self == .both || self == Self.property(index)
    }
}

/// A `KeyValueObservable` class that is `Observable` too, as the Observation article says to
/// declare it: Observation tracks its `@Observed` properties, and computed ones through them.
///
/// `@unchecked Sendable`: used on the test's thread, or on the queue while the test's thread
/// waits for a drain.
final class ModelTracked: KeyValueObservable, Observable, @unchecked Sendable {
    @Observed var first = ""
    @Observed var second = ""

    var both: String { "\(first)|\(second)" }

    func read(_ read: TrackedRead) -> String {
        switch read {
        case .first: first
        case .second: second
        case .both: both
        }
    }
}

extension ModelValues {
    /// Few values, so that a set of the current value (which tells Observation nothing) comes
    /// up often.
    static let trackedValues = ["", "a", "b"]
}

extension ModelStep {
    static func trackedRead(using generator: inout some ModelRandomSource) -> TrackedRead {
        [.first, .second, .both][generator.below(3)]
    }

    static func trackedSet(using generator: inout some ModelRandomSource) -> ModelStep {
        .setTracked(property: generator.below(2), value: generator.below(ModelValues.trackedValues.count))
    }
}

extension ReferenceModel {
    /// A set of the tracked object's property `index`.
    ///
    /// The rules (the Observation article): "The first later change of a registered property
    /// calls `onChange` once, when the set begins (before the new value is stored)", a
    /// computed property "is tracked through the `@Observed` properties it reads", and
    /// "Storing a value equal to the current one ... tells Observation nothing". So each
    /// tracker not fired yet that reads the property fires, once, reading the old value, and
    /// is gone; an equal value fires none.
    func setTracked(_ index: Int, _ value: String) {
        guard tracked[index] != value else { return }
        let fired = trackers.filter { $0.read.reads(property: index) }
        trackers.removeAll { $0.read.reads(property: index) }
        for tracker in fired {
            outcome.calls["w\(tracker.id)", default: []].append(
                "onChange reads=\(trackedValue(tracker.read))")
        }
        tracked[index] = value
    }

    private func trackedValue(_ read: TrackedRead) -> String {
        switch read {
        case .first: ModelRender.text(tracked[0])
        case .second: ModelRender.text(tracked[1])
        case .both: ModelRender.text("\(tracked[0])|\(tracked[1])")
        }
    }
}

extension LiveWorld {
    /// Installs tracker `id`: `onChange` records what the tracked property reads then.
    func track(_ id: Int, _ read: TrackedRead) {
        withObservationTracking {
            _ = tracked.read(read)
        } onChange: { [unowned self] in
            record("w\(id)", "onChange reads=\(ModelRender.text(tracked.read(read)))")
        }
    }
}
