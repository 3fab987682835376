import Observation
import Observing
import Testing

/// A `KeyValueObservable` class that also conforms to Swift's `Observable` serves both worlds.
@MainActor
@Suite struct ObservationInteropTests {
    @Test func trackingABadgeValueFiresOnceForItsSetAndNotForAnotherProperty() {
        let card = Card()
        let fired = Recorder<String>()
        withObservationTracking {
            _ = card.badgeValue
        } onChange: {
            fired.record("badgeValue")
        }
        card.title = "other"
        #expect(fired.events.isEmpty)
        card.badgeValue = "5"
        card.badgeValue = "6"
        #expect(fired.events == ["badgeValue"])
    }

    @Test(arguments: ["unread", "total"])
    func trackingAComputedPropertyFiresWhenEitherPropertyIsSet(setting property: String) {
        let card = Card()
        let fired = Recorder<Bool>()
        withObservationTracking {
            _ = card.summary
        } onChange: {
            fired.record(true)
        }
        if property == "unread" { card.unread = 3 } else { card.total = 9 }
        #expect(fired.events == [true])
    }

    @Test func observationsYieldEachValueSetAcrossASuspension() async {
        let card = Card()
        card.title = "a"
        var iterator = Observations { card.title }.makeAsyncIterator()
        let first = await iterator.next()
        card.title = "b"
        let second = await iterator.next()
        #expect(first == "a")
        #expect(second == "b")
    }

    @Test func aKeyValueObserverAndATrackerOnOnePropertyBothSeeOneChange() {
        let card = Card()
        let kvo = Recorder<String>()
        let tracked = Recorder<String>()
        let token = card.observe(\.title, options: [.old, .new]) { _, change in
            kvo.record("\(change.oldValue ?? "-")->\(change.newValue ?? "-")")
        }
        withObservationTracking {
            _ = card.title
        } onChange: {
            tracked.record("title")
        }

        card.title = "x"

        #expect(kvo.events == ["->x"])
        #expect(tracked.events == ["title"])
        #expect(card.observerCount(for: \.title) == 1)
        withExtendedLifetime(token) {}
    }

    @Test func aClassThatIsNotObservableIsNotTracked() {
        let item = TabItem()
        let fired = Recorder<Bool>()
        withObservationTracking {
            _ = item.title
        } onChange: {
            fired.record(true)
        }
        item.title = "x"
        #expect(fired.events.isEmpty)
        #expect(item.observerCount(for: \.title) == 0)
    }
}

@MainActor
private final class Card: KeyValueObservable, Observable {
    @Observed var title = ""
    @Observed var badgeValue: String?
    @Observed var unread = 0
    @Observed var total = 0
    var summary: String { "\(unread)/\(total)" }
}

@MainActor
@Suite struct ObservationInteropSubclassTests {
    @Test func aSubclassOfAnObservableRootIsTracked() {
        let card = DetailCard()
        let fired = Recorder<String>()
        withObservationTracking {
            _ = card.detail
            _ = card.title
        } onChange: {
            fired.record("changed")
        }
        card.detail = "x"
        #expect(fired.events == ["changed"])
    }

    @Test func addingObservableToASubclassOfANonObservableRootTracksNothing() {
        let model = LateObservableModel()
        let fired = Recorder<String>()
        withObservationTracking {
            _ = model.name
            _ = model.extra
        } onChange: {
            fired.record("changed")
        }
        model.name = "x"
        model.extra = "y"
        #expect(fired.events.isEmpty)
    }
}

@MainActor
private class ObservableRoot: KeyValueObservable, Observable {
    @Observed var title = ""
}

@MainActor
private final class DetailCard: ObservableRoot {
    @Observed var detail = ""
}

@MainActor
private class PlainRoot: KeyValueObservable {
    @Observed var name = ""
}

@MainActor
private final class LateObservableModel: PlainRoot, Observable {
    @Observed var extra = ""
}
