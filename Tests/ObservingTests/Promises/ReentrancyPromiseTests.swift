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
}

private final class Closing: KeyValueObservable {
    @Observed var state = "open"
    var isClosed: Bool { state == "closed" }

    deinit {
        state = "closed"
    }
}
