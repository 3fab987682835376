import Observing
import Testing

/// The delegate list's promises for every static shape of `Delegate` that can hold a class
/// instance.
///
/// For a delegate that is a class instance the list keeps an unowned copy of the value it was
/// added as, so that a call needs no cast back from `AnyObject`: these tests check that the
/// delegate is called as itself, never retained and never over-released (the address sanitizer
/// step runs them too).
@Suite struct MulticastDelegateTests {
    @Test func aClassBoundProtocolDelegateIsCalledAndNotRetained() {
        expectCalledAndReleased(as: { $0 as any Greeting }, calling: { $0.greet() })
    }

    @Test func aProtocolDelegateOfAnyTypeIsCalledAndNotRetained() {
        expectCalledAndReleased(as: { $0 as any Naming }, calling: { "subclass \($0.name)" })
    }

    @Test func aClassTypedDelegateIsCalledAsItsSubclassAndNotRetained() {
        expectCalledAndReleased(as: { $0 as BaseSpeaker }, calling: { $0.greet() })
    }

    @Test func aCompositionDelegateIsCalledAndNotRetained() {
        expectCalledAndReleased(as: { $0 as any Greeting & Naming }, calling: { $0.greet() })
    }

    @Test func anAnyObjectOrAnyDelegateIsCalledAndNotRetained() {
        expectCalledAndReleased(
            as: { $0 as AnyObject }, calling: { ($0 as? Speaker)?.greet() ?? "not a speaker" })
        expectCalledAndReleased(as: { $0 as Any }, calling: { ($0 as? Speaker)?.greet() ?? "not a speaker" })
    }

    @Test func aValueTypeDelegateIsNeverCalledBecauseNothingHoldsItsBox() {
        let delegates = MulticastDelegate<any Naming>()
        delegates.add(NameValue(name: "value"))
        var calls: [String] = []
        delegates.invoke { calls.append($0.name) }
        #expect(calls.isEmpty)
        #expect(delegates.isEmpty)
    }

    @Test func aDelegateReAddedAfterItsIdentityWasFreedIsCalledOnce() {
        let delegates = MulticastDelegate<any Greeting>()
        for round in 0..<50 {
            let speaker = Speaker(name: "\(round)")
            delegates.add(speaker)
            delegates.add(speaker)
            var calls: [String] = []
            delegates.invoke { calls.append($0.greet()) }
            #expect(calls == ["subclass \(round)"])
        }
        #expect(delegates.isEmpty)
    }

    @Test func removingOneOfManyKeepsTheOthersInOrder() {
        let delegates = MulticastDelegate<any Greeting>()
        let speakers = (0..<40).map { Speaker(name: "\($0)") }
        for speaker in speakers { delegates.add(speaker) }
        for speaker in speakers.enumerated() where speaker.offset % 3 == 0 {
            #expect(delegates.remove(speaker.element))
            #expect(!delegates.remove(speaker.element))
        }
        withExtendedLifetime(speakers) {
            var calls: [String] = []
            delegates.invoke { calls.append($0.greet()) }
            #expect(calls == (0..<40).filter { $0 % 3 != 0 }.map { "subclass \($0)" })
        }
    }

    /// Adds a speaker as `Delegate`, invokes the list many times (a copy that retained without
    /// a release would keep the speaker alive; one that released without a retain would free
    /// it early), then checks that dropping the speaker ends it and empties the list.
    private func expectCalledAndReleased<Delegate>(
        as delegate: (Speaker) -> Delegate, calling call: @escaping (Delegate) -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let delegates = MulticastDelegate<Delegate>()
        weak var released: Speaker?
        do {
            let instance = Speaker(name: "speaker")
            released = instance
            delegates.add(delegate(instance))
            var calls: [String] = []
            for _ in 0..<1_000 {
                delegates.invoke { calls.append(call($0)) }
            }
            #expect(calls.count == 1_000, sourceLocation: sourceLocation)
            #expect(calls.allSatisfy { $0 == "subclass speaker" }, sourceLocation: sourceLocation)
            #expect(delegates.count == 1, sourceLocation: sourceLocation)
            withExtendedLifetime(instance) {}
        }
        #expect(released == nil, "the list retained its delegate", sourceLocation: sourceLocation)
        #expect(delegates.isEmpty, sourceLocation: sourceLocation)
        var calls = 0
        delegates.invoke { _ in calls += 1 }
        #expect(calls == 0, sourceLocation: sourceLocation)
    }
}

/// A name, required of classes and structures alike.
protocol Naming {
    var name: String { get }
}

class BaseSpeaker: Greeting, Naming {
    let name: String
    init(name: String) { self.name = name }
    func greet() -> String { "base \(name)" }
}

private final class Speaker: BaseSpeaker {
    override func greet() -> String { "subclass \(name)" }
}

private struct NameValue: Naming {
    let name: String
}
