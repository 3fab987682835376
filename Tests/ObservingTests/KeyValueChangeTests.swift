import Observing
import Testing

/// The typed accessors of the untyped change a `KeyValueObserver` receives.
@Suite struct KeyValueChangeTests {
    @Test func valuesReadBackAsTheObservedTypeAndNoOther() {
        let change = KeyValueChange(KeyValueObservedChange(newValue: 5, oldValue: 4))
        #expect(change.newValue(as: Int.self) == 5)
        #expect(change.oldValue(as: Int.self) == 4)
        #expect(change.newValue(as: String.self) == nil)
        #expect(change.newValue(as: Int?.self) == .some(5))
    }

    @Test func anOptionalPropertysNilReadsAsSomeNil() {
        let change = KeyValueChange(KeyValueObservedChange<String?>(newValue: .some(nil), oldValue: "5"))
        #expect(change.newValue(as: String?.self) == .some(nil))
        #expect(change.oldValue(as: String?.self) == .some("5"))
        #expect(change.newValue(as: String.self) == nil)
    }

    @Test func aSubclassInstanceReadsAsItsSuperclass() {
        let model = SubModel()
        let change = KeyValueChange(KeyValueObservedChange(newValue: model))
        #expect(change.newValue(as: BaseModel.self) === model)
        #expect(change.newValue(as: SubModel.self) === model)
        #expect(change.oldValue(as: BaseModel.self) == nil)
    }
}

/// The values a delivered change keeps typed and shares between the notification's observers.
@Suite struct DeliveredKeyValueChangeTests {
    @Test func settingOneValueKeepsTheOther() {
        var change = KeyValueChange(KeyValueObservedChange(newValue: 5, oldValue: 4))
        change.newValue = "five"
        #expect(change.newValue(as: String.self) == "five")
        #expect(change.newValue(as: Int.self) == nil)
        #expect(change.oldValue(as: Int.self) == 4)
        change.oldValue = nil
        #expect(change.oldValue == nil)
        #expect(change.newValue as? String == "five")
        let boxed = KeyValueChange(newValue: 3 as Any)
        #expect(boxed.newValue(as: Int.self) == 3)
        #expect(boxed.newValue(as: Any.self) as? Int == 3)
    }

    @Test func eachObserverOfOneNotificationGetsTheValuesItsOptionsAskFor() {
        let counter = Counter()
        counter.value = 1
        let recorder = Recorder<TypedCall>()
        let observers = [
            TypedObserver("new", recorder), TypedObserver("old", recorder), TypedObserver("both", recorder),
            TypedObserver("none", recorder), TypedObserver("prior", recorder),
        ]
        let options: [KeyValueObservingOptions] = [[.new], [.old], [.new, .old], [], [.prior, .new, .old]]
        for (observer, options) in zip(observers, options) {
            counter.addObserver(observer, forKeyPath: \.value, options: options)
        }
        counter.value = 2
        #expect(
            recorder.events == [
                TypedCall(observer: "prior", new: nil, old: 1, untypedNew: nil, isPrior: true),
                TypedCall(observer: "new", new: 2, old: nil, untypedNew: 2, isPrior: false),
                TypedCall(observer: "old", new: nil, old: 1, untypedNew: nil, isPrior: false),
                TypedCall(observer: "both", new: 2, old: 1, untypedNew: 2, isPrior: false),
                TypedCall(observer: "none", new: nil, old: nil, untypedNew: nil, isPrior: false),
                TypedCall(observer: "prior", new: 2, old: 1, untypedNew: 2, isPrior: false),
            ])
        withExtendedLifetime(observers) {}
    }

    @Test func aChangeAnObserverKeepsStillReadsItsValuesAfterLaterSets() {
        let counter = Counter()
        let observer = KeepingObserver()
        counter.addObserver(observer, forKeyPath: \.value, options: [.new, .old])
        counter.value = 1
        counter.value = 2
        #expect(observer.changes.map { $0.newValue(as: Int.self) } == [1, 2])
        #expect(observer.changes.map { $0.oldValue(as: Int.self) } == [0, 1])
        #expect(observer.changes.map { $0.newValue as? Int } == [1, 2])
    }

    @Test func theValuesAreReleasedWithTheNotification() {
        let shell = Shell()
        let observer = TypedObserver("shell", Recorder())
        shell.addObserver(observer, forKeyPath: \.selectedItem, options: [.new, .old])
        weak var first: TabItem?
        do {
            let item = TabItem()
            first = item
            shell.selectedItem = item
            shell.selectedItem = TabItem()
            shell.selectedItem = nil
        }
        #expect(first == nil)
        withExtendedLifetime(observer) {}
    }
}

/// The small trivial new values (`Int`, `Double`, `Bool`, a small enum) an observer of `.new`
/// alone gets kept in the change itself.
@Suite struct InlineNewValueTests {
    @Test func aSmallTrivialNewValueReadsBackTypedUntypedAndAsNoOtherType() {
        let gauge = Gauge()
        let observer = KeepingObserver()
        gauge.addObserver(observer, forKeyPath: \.count, options: [.new])
        gauge.addObserver(observer, forKeyPath: \.level, options: [.new])
        gauge.addObserver(observer, forKeyPath: \.isOn, options: [.new])
        gauge.addObserver(observer, forKeyPath: \.phase, options: [.new])
        gauge.count = -7
        gauge.level = 2.5
        gauge.isOn = true
        gauge.phase = .done
        let changes = observer.changes
        guard changes.count == 4 else {
            Issue.record("\(changes.count) changes delivered, not 4")
            return
        }
        #expect(changes[0].newValue(as: Int.self) == -7)
        #expect(changes[0].newValue as? Int == -7)
        #expect(changes[0].newValue(as: Int?.self) == .some(-7))
        #expect(changes[0].newValue(as: Double.self) == nil)
        #expect(changes[0].newValue(as: UInt.self) == nil)
        #expect(changes[1].newValue(as: Double.self) == 2.5)
        #expect(changes[1].newValue as? Double == 2.5)
        #expect(changes[1].newValue(as: Int.self) == nil)
        #expect(changes[2].newValue(as: Bool.self) == true)
        #expect(changes[2].newValue as? Bool == true)
        #expect(changes[3].newValue(as: Gauge.Phase.self) == .done)
        #expect(changes[3].newValue as? Gauge.Phase == .done)
        #expect(changes.allSatisfy { $0.oldValue == nil && $0.indexes == nil && !$0.isPrior })
    }

    @Test func editingAnotherFieldOfADeliveredChangeKeepsItsInlineNewValue() {
        let gauge = Gauge()
        let observer = KeepingObserver()
        gauge.addObserver(observer, forKeyPath: \.count, options: [.new])
        gauge.count = 42
        guard var change = observer.changes.first else {
            Issue.record("no change delivered")
            return
        }
        change.oldValue = 41
        #expect(change.newValue(as: Int.self) == 42)
        #expect(change.oldValue(as: Int.self) == 41)
        change.indexes = [3]
        #expect(change.newValue(as: Int.self) == 42)
        #expect(change.indexes == [3])
        change.newValue = "text"
        #expect(change.newValue(as: String.self) == "text")
        #expect(change.newValue(as: Int.self) == nil)
        #expect(change.oldValue(as: Int.self) == 41)
    }
}

/// A model of small trivial properties.
private final class Gauge: KeyValueObservable {
    enum Phase: UInt8 { case idle, running, done }
    @Observed var count = 0
    @Observed var level = 0.0
    @Observed var isOn = false
    @Observed var phase = Phase.idle
}

/// One call of a `TypedObserver`: the values read typed, and the new value read untyped.
private struct TypedCall: Equatable, Sendable {
    var observer: String
    var new: Int?
    var old: Int?
    var untypedNew: Int?
    var isPrior: Bool
}

/// Records each change it is told about, read typed as `Int` and untyped.
private final class TypedObserver: KeyValueObserver {
    let name: String
    let recorder: Recorder<TypedCall>

    init(_ name: String, _ recorder: Recorder<TypedCall>) {
        self.name = name
        self.recorder = recorder
    }

    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        recorder.record(
            TypedCall(
                observer: name, new: change.newValue(as: Int.self), old: change.oldValue(as: Int.self),
                untypedNew: change.newValue as? Int, isPrior: change.isPrior))
    }
}

/// Keeps every change it is told about.
private final class KeepingObserver: KeyValueObserver {
    var changes: [KeyValueChange] = []

    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        changes.append(change)
    }
}
