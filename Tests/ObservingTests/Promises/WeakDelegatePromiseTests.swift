import Observing
import Testing

/// Promises of `WeakBox` and `MulticastDelegate` not checked elsewhere.
@Suite struct WeakDelegatePromiseTests {
    /// A boxed value that is not an object reads nil.
    ///
    /// WeakBox.swift: "A value that is not an object (a struct, an enum) is boxed by Swift and
    /// released at once, so `value` reads `nil`: pass objects only."
    @Test func aBoxedValueThatIsNotAnObjectReadsNil() {
        let box = WeakBox<Plain>(Plain(number: 5))
        #expect(box.value == nil)
    }

    /// A delegate is held strongly while it is called, and only then.
    ///
    /// MulticastDelegate.swift: "Each delegate is held strongly while it is called: one whose
    /// last other reference goes during its call lives until the call returns."
    @Test func aDelegateReleasedDuringItsOwnCallLivesUntilTheCallReturns() {
        let delegates = MulticastDelegate<any Greeting>()
        var owner: NamedGreeter? = NamedGreeter(name: "only")
        weak let probe = owner
        if let owner { delegates.add(owner) }
        var greetings: [String?] = []
        delegates.invoke { delegate in
            owner = nil
            greetings.append(probe?.greet())
            greetings.append(delegate.greet())
        }
        #expect(greetings == ["only", "only"])
        #expect(probe == nil, "the invocation kept its delegate after the call")
        #expect(delegates.isEmpty)
    }

    /// A delegate that deallocates during an invocation, removed first or not, is not called
    /// and leaves the list.
    ///
    /// MulticastDelegate.swift: "a delegate removed during an invocation receives nothing
    /// more"; "those that deallocate are skipped and pruned".
    @Test(arguments: [true, false])
    func aDelegateReleasedDuringAnInvocationIsNotCalled(removedFirst: Bool) {
        let delegates = MulticastDelegate<any Greeting>()
        let first = NamedGreeter(name: "first")
        var second: NamedGreeter? = NamedGreeter(name: "second")
        let third = NamedGreeter(name: "third")
        delegates.add(first)
        if let second { delegates.add(second) }
        delegates.add(third)
        var calls: [String] = []
        delegates.invoke { delegate in
            calls.append(delegate.greet())
            guard delegate === first, let released = second else { return }
            second = nil
            if removedFirst { #expect(delegates.remove(released)) }
        }
        #expect(calls == ["first", "third"])
        #expect(delegates.count == 2)
        calls.removeAll()
        delegates.invoke { calls.append($0.greet()) }
        #expect(calls == ["first", "third"])
    }

    /// A list of up to 32 delegates is scanned, a longer one indexed: adding a delegate twice,
    /// removing one, and a dead delegate's slot behave the same on both sides of the switch.
    ///
    /// MulticastDelegate.swift: `add` "unless it is already in the list"; `remove` returns
    /// "`true` if it was in the list"; "those that deallocate are skipped and pruned".
    @Test(arguments: [5, 32, 33, 40])
    func addingTwiceRemovingAndPruningAgreeScannedOrIndexed(count: Int) {
        let delegates = MulticastDelegate<any Greeting>()
        let kept = (0..<count).map { NamedGreeter(name: "\($0)") }
        var released: NamedGreeter? = NamedGreeter(name: "released")
        for greeter in kept {
            delegates.add(greeter)
            delegates.add(greeter)
        }
        if let released { delegates.add(released) }
        #expect(delegates.count == count + 1)
        released = nil
        var calls: [String] = []
        delegates.invoke { calls.append($0.greet()) }
        #expect(calls == kept.map(\.name))
        #expect(delegates.remove(kept[0]))
        #expect(!delegates.remove(kept[0]))
        delegates.add(kept[0])
        delegates.add(kept[1])
        calls.removeAll()
        delegates.invoke { calls.append($0.greet()) }
        #expect(calls == kept.dropFirst().map(\.name) + ["0"])
    }
}

private final class NamedGreeter: Greeting {
    let name: String
    init(name: String) { self.name = name }
    func greet() -> String { name }
}

private struct Plain {
    var number: Int
}
