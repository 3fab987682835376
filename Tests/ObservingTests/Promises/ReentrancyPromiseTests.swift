import Observing
import Testing

/// Re-entrancy promises not checked elsewhere: removal from a prior call, and sets from
/// `deinit` seen by derived observations.
@Suite struct ReentrancyPromiseTests {
    /// A registration removed in its prior call gets no after call.
    ///
    /// ContextsAndSafeRemoval.md: "Removing from inside a notification is safe, also the
    /// observer's own registration: the removed registration receives nothing more, not even the
    /// rest of the notification in flight." An observer that removes itself in its prior call
    /// gets no after call; nor does a block observation that invalidates its token there.
    @Test func aRegistrationRemovedInItsPriorCallGetsNoAfterCall() {
        let item = TabItem()
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        item.addObserver(observer, forKeyPath: \.title, options: [.prior, .new])
        observer.onChange = { observer in
            #expect(item.removeObserver(observer, forKeyPath: \.title))
        }
        let blockCalls = Recorder<Bool>()
        let token = item.observe(\.title, options: [.prior, .new]) { _, change, token in
            blockCalls.record(change.isPrior)
            token.invalidate()
        }

        item.title = "x"

        #expect(recorder.events == [ObservedCall(observer: "O", newValue: nil, isPrior: true)])
        #expect(blockCalls.events == [true])
        #expect(item.observerCount(for: \.title) == 0)
        withExtendedLifetime(token) {}
    }

    /// An observer added during a notification receives nothing from a change stored before it
    /// registered.
    ///
    /// ThreadsQueuesAndActors.md: "one added during a notification receives nothing from the
    /// notification in flight". A set made from an earlier handler is stored at once and
    /// notified after the notification in flight; an observer that a later handler adds has
    /// already read the new value (its initial call), so it receives nothing from that set, as
    /// KVO, which delivers the nested set before the observer registers: its first change is
    /// the next set's.
    @Test func anObserverAddedDuringANotificationMissesAChangeStoredBeforeIt() {
        let model = TextModel()
        let added = Recorder<String>()
        let box = TokenBox()
        let normalizer = model.observe(\.text, options: [.new]) { model, change in
            if change.newValue == "b" { model.text = "c" }
        }
        let adder = model.observe(\.text, options: [.new]) { model, change in
            guard change.newValue == "b", box.token == nil else { return }
            box.token = model.observe(\.text, options: [.initial, .old, .new]) { _, change in
                added.record("\(change.oldValue ?? "nil") -> \(change.newValue ?? "nil")")
            }
        }

        model.text = "b"
        model.text = "d"

        #expect(added.events == ["nil -> c", "c -> d"])
        withExtendedLifetime((normalizer, adder, box)) {}
    }

    /// The same on `ObservableProperty`.
    ///
    /// ThreadsQueuesAndActors.md: "one added during a notification receives nothing from the
    /// notification in flight"; ObservableProperty.swift: "each change's `oldValue` equals the
    /// previous change's `newValue`".
    @Test func anObservablePropertyObserverAddedDuringANotificationMissesAChangeStoredBeforeIt() {
        let text = ObservableProperty("")
        let added = Recorder<String>()
        let box = TokenBox()
        let normalizer = text.observe(options: [.new]) { change in
            if change.newValue == "b" { text.value = "c" }
        }
        let adder = text.observe(options: [.new]) { change in
            guard change.newValue == "b", box.token == nil else { return }
            box.token = text.observe(options: [.initial, .old, .new]) { change in
                added.record("\(change.oldValue ?? "nil") -> \(change.newValue ?? "nil")")
            }
        }

        text.value = "b"
        text.value = "d"

        #expect(added.events == ["nil -> c", "c -> d"])
        withExtendedLifetime((normalizer, adder, box)) {}
    }

    /// A derived observation does not see a set from deinit.
    ///
    /// ThreadsQueuesAndActors.md: "From the object's `deinit`: synchronous handlers see the
    /// set; [...] Derived observations (computed properties and chains rooted at the object) end
    /// when the object starts to deinitialize."
    @Test func aDerivedObservationDoesNotSeeASetFromDeinit() {
        let seen = Recorder<String>()
        var connection: Closing? = Closing()
        let stored = connection?.observe(\.state, options: [.new]) { _, change in
            seen.record("stored \(change.newValue ?? "-")")
        }
        let derived = connection?.observe(\.isClosed, options: [.new]) { _, change in
            seen.record("derived \(change.newValue.map(String.init) ?? "-")")
        }
        connection?.state = "busy"

        connection = nil

        #expect(seen.events == ["stored busy", "derived false", "stored closed"])
        #expect(stored?.isValid == false && derived?.isValid == false)
    }

    /// A computed observation re-wired inside an open manual pair still gets the pair's
    /// notification.
    ///
    /// `willChangeValue(for:)`: "its observers get one prior call at its outermost
    /// `willChangeValue` and one notification at its outermost `didChangeValue`". A prior
    /// handler of `a` flips `useA` away and back, which re-wires the observation of `shown` off
    /// `a` and onto it again; each flip is a set of its own, notified as one. The pair's
    /// notification still reaches the observation, with the value read at `willChangeValue`
    /// and the value `a = 5` left, and the next set of `a` starts from 5.
    @Test func aComputedObservationRewiredInsideAPairGetsThePairsNotification() {
        let model = Switching()
        let calls = Recorder<String>()
        let token = model.observe(\.shown, options: [.prior, .old, .new]) { _, change in
            let new = change.newValue.map(String.init) ?? "-"
            calls.record("\(change.isPrior ? "prior" : "after") \(change.oldValue ?? -1) -> \(new)")
        }
        let flips = Recorder<Bool>()
        let flipper = model.observe(\.a, options: [.prior]) { model, change in
            guard change.isPrior, flips.events.isEmpty else { return }
            flips.record(true)
            model.useA = false
            model.useA = true
        }

        model.willChangeValue(for: \.a)
        model.a = 5
        model.didChangeValue(for: \.a)
        let pair = calls.events
        model.a = 6

        #expect(
            pair == [
                "prior 0 -> -",  // the pair's willChangeValue
                "prior 0 -> -", "after 0 -> 0",  // useA = false (shown reads b)
                "prior 0 -> -", "after 0 -> 0",  // useA = true
                "after 0 -> 5",  // the pair's didChangeValue
            ])
        #expect(calls.events.dropFirst(pair.count) == ["prior 5 -> -", "after 5 -> 6"])
        #expect(model.observerCount(for: \.a) == 2)
        withExtendedLifetime((token, flipper)) {}
    }

    /// A computed observation re-wired by a prior handler of a set of a property it reads still
    /// gets that set, whole.
    ///
    /// KeyValueObservingOptions.swift: "With `.prior`, a prior call is always followed by its
    /// after call"; OptionsAndChangeValues.md: "For a computed property or a chain, the old value
    /// is the value the key path produced just before the change". A prior handler of `a` flips
    /// `useA` away and back during `a = 5`, which re-wires the observation of `shown` off `a`
    /// and onto it again; each flip is a set of its own, notified as one. The set of `a` still
    /// reaches the observation as KVO, whose dependent keys do not move, delivers it: its prior
    /// call in the place the observation had when the set began (before the flips when it was
    /// registered first, after them when the handler was), and its notification, 0 -> 5, after
    /// the store; the next set of `a` starts from 5.
    @Test(arguments: [false, true]) func aComputedObservationRewiredDuringASetGetsTheSet(handlerFirst: Bool) {
        let model = Switching()
        model.b = 100
        let calls = Recorder<String>()
        let flips = Recorder<Bool>()
        var tokens: [ObservationToken] = []
        let observe = {
            tokens.append(
                model.observe(\.shown, options: [.prior, .old, .new]) { _, change in
                    let new = change.newValue.map(String.init) ?? "-"
                    calls.record("\(change.isPrior ? "prior" : "after") \(change.oldValue ?? -1) -> \(new)")
                })
        }
        let flip = {
            tokens.append(
                model.observe(\.a, options: [.prior]) { model, change in
                    guard change.isPrior, flips.events.isEmpty else { return }
                    flips.record(true)
                    model.useA = false
                    model.useA = true
                })
        }
        if handlerFirst {
            flip()
            observe()
        } else {
            observe()
            flip()
        }

        model.a = 5
        let set = calls.events
        model.a = 6

        let flipped = [
            "prior 0 -> -", "after 0 -> 100",  // useA = false (shown reads b)
            "prior 100 -> -", "after 100 -> 0",  // useA = true (a is not stored yet)
        ]
        let expected =
            handlerFirst
            ? flipped + ["prior 0 -> -", "after 0 -> 5"]
            : ["prior 0 -> -"] + flipped + ["after 0 -> 5"]
        #expect(set == expected)
        #expect(calls.events.dropFirst(set.count) == ["prior 5 -> -", "after 5 -> 6"])
        #expect(model.observerCount(for: \.a) == 2)
        withExtendedLifetime(tokens) {}
    }

    /// A computed observation re-wired inside an open manual pair, before the pair's prior call
    /// reached it, still gets the pair's prior call.
    ///
    /// `willChangeValue(for:)`: "its observers get one prior call at its outermost
    /// `willChangeValue` and one notification at its outermost `didChangeValue`". The prior
    /// handler of `a` that flips `useA` away and back is registered before the observation of
    /// `shown`, so the flips re-wire the observation before its turn in the pair's prior calls;
    /// it still gets its prior call there, after the flips' own calls, and the pair's
    /// notification, 0 -> 5.
    @Test func aComputedObservationRewiredInsideAPairBeforeItsTurnGetsThePairsPriorCall() {
        let model = Switching()
        model.b = 100
        let calls = Recorder<String>()
        let flips = Recorder<Bool>()
        let flipper = model.observe(\.a, options: [.prior]) { model, change in
            guard change.isPrior, flips.events.isEmpty else { return }
            flips.record(true)
            model.useA = false
            model.useA = true
        }
        let token = model.observe(\.shown, options: [.prior, .old, .new]) { _, change in
            let new = change.newValue.map(String.init) ?? "-"
            calls.record("\(change.isPrior ? "prior" : "after") \(change.oldValue ?? -1) -> \(new)")
        }

        model.willChangeValue(for: \.a)
        model.a = 5
        model.didChangeValue(for: \.a)
        let pair = calls.events
        model.a = 6

        #expect(
            pair == [
                "prior 0 -> -", "after 0 -> 100",  // useA = false (shown reads b)
                "prior 100 -> -", "after 100 -> 0",  // useA = true
                "prior 0 -> -",  // the pair's willChangeValue, in the observation's turn
                "after 0 -> 5",  // the pair's didChangeValue
            ])
        #expect(calls.events.dropFirst(pair.count) == ["prior 5 -> -", "after 5 -> 6"])
        #expect(model.observerCount(for: \.a) == 2)
        withExtendedLifetime((token, flipper)) {}
    }
}

/// `shown` reads `a` or `b`, as `useA` says.
private final class Switching: KeyValueObservable {
    @Observed var useA = true
    @Observed var a = 0
    @Observed var b = 0
    var shown: Int { useA ? a : b }
}

private final class Closing: KeyValueObservable {
    @Observed var state = "open"
    var isClosed: Bool { state == "closed" }

    deinit {
        state = "closed"
    }
}

/// Holds a token made inside a handler.
private final class TokenBox: @unchecked Sendable {
    var token: ObservationToken?
}
