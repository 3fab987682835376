import Observing
import Testing

@Suite struct WeakDelegateTests {
    @Test func weakBoxHoldsAClassBoundExistentialWithoutRetainingIt() {
        let box: WeakBox<any Greeting>
        do {
            let delegate = Greeter(name: "hi")
            box = WeakBox<any Greeting>(delegate)
            #expect(box.value?.greet() == "hi")
        }
        #expect(box.value == nil)
    }

    @Test func weakBoxOfASendableObjectCrossesToAnotherTask() async {
        let greeter = SendableGreeter()
        let box = WeakBox<any SendableGreeting>(greeter)  // Sendable because its contents are
        let greeting = await Task.detached { box.value?.greet() }.value
        #expect(greeting == "hello")
        #expect(box.refers(to: greeter))
    }

    /// A box kept as a dictionary's value is looked up by a missing key and by a present one.
    ///
    /// As a table of weak delegates is. With the weak reference stored in the box itself, a
    /// debug build answered `false` for the missing key, or crashed (Swift 6.3 read a weak
    /// reference from the `nil` box).
    @Test func weakBoxesInADictionaryAreLookedUp() {
        var boxes: [ObjectIdentifier: WeakBox<any Greeting>] = [:]
        let delegate = Greeter(name: "kept")
        let key = ObjectIdentifier(delegate)
        #expect(boxes[key]?.refers(to: delegate) == nil)
        boxes[key] = WeakBox(delegate)
        #expect(boxes[key]?.refers(to: delegate) == true)
        #expect(boxes[key]?.value?.greet() == "kept")
        do {
            let transient = Greeter(name: "gone")
            boxes[ObjectIdentifier(transient)] = WeakBox(transient)
        }
        #expect(boxes.values.filter { $0.value != nil }.count == 1)
    }

    @Test func multicastDelegateCallsEachLiveDelegateInOrderAndPrunesDeadOnes() {
        let delegates = MulticastDelegate<any Greeting>()
        let first = Greeter(name: "first")
        let second = Greeter(name: "second")
        delegates.add(first)
        do {
            let transient = Greeter(name: "transient")
            delegates.add(transient)
        }
        delegates.add(second)
        delegates.add(first)

        var calls: [String] = []
        delegates.invoke { calls.append($0.greet()) }

        #expect(calls == ["first", "second"])
        #expect(delegates.count == 2)
    }

    @Test func addingTenThousandDelegatesKeepsOrderAndRemovesByIdentity() {
        let delegates = MulticastDelegate<any Greeting>()
        let greeters = (0..<10_000).map { Greeter(name: "\($0)") }
        for greeter in greeters { delegates.add(greeter) }
        for greeter in greeters where Int(greeter.name).map({ $0 % 2 == 0 }) ?? false {
            #expect(delegates.remove(greeter))
        }

        // Delegates are held weakly: the optimiser may end `greeters`' lifetime after its last
        // use, so keep the remaining ones alive explicitly while they are invoked and counted.
        withExtendedLifetime(greeters) {
            var calls: [String] = []
            delegates.invoke { calls.append($0.greet()) }

            #expect(calls == stride(from: 1, to: 10_000, by: 2).map(String.init))
            #expect(delegates.count == 5_000)
        }
    }

    @Test func delegateRemovedDuringInvokeIsNotCalledAndOneAddedIsCalledNextTime() {
        let delegates = MulticastDelegate<any Greeting>()
        let first = Greeter(name: "first")
        let second = Greeter(name: "second")
        let late = Greeter(name: "late")
        delegates.add(first)
        delegates.add(second)

        var calls: [String] = []
        delegates.invoke { delegate in
            calls.append(delegate.greet())
            if delegate === first {
                #expect(delegates.remove(second))
                delegates.add(late)
            }
        }
        delegates.invoke { calls.append($0.greet()) }

        #expect(calls == ["first", "first", "late"])
        #expect(!delegates.remove(second))
    }
}

protocol Greeting: AnyObject {
    func greet() -> String
}

private final class Greeter: Greeting {
    let name: String
    init(name: String) { self.name = name }
    func greet() -> String { name }
}

/// A greeting safe to share between threads, for the `Sendable` form of `WeakBox`.
protocol SendableGreeting: AnyObject, Sendable {
    func greet() -> String
}

private final class SendableGreeter: SendableGreeting {
    func greet() -> String { "hello" }
}
