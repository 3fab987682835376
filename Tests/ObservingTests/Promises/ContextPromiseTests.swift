import Dispatch
import Foundation
import Observing
import Testing

/// Promises of observer objects and contexts not checked elsewhere.
@Suite struct ContextPromiseTests {
    /// Contexts are equal only to their copies.
    ///
    /// ObservationContext.swift: "Two contexts are equal only if one is a copy of the other:
    /// creating two contexts with the same name gives two different identities."
    @Test func contextsAreEqualOnlyToTheirCopies() {
        let first = ObservationContext("same")
        let second = ObservationContext("same")
        let copy = first
        #expect(first == copy)
        #expect(first != second)
        #expect(Set([first, second, copy]).count == 2)

        let item = TabItem()
        let observer = RecordingObserver("O", recorder: Recorder<ObservedCall>())
        item.addObserver(observer, forKeyPath: \.title, options: [.new], context: first)
        #expect(!item.removeObserver(observer, forKeyPath: \.title, context: second))
        #expect(item.removeObserver(observer, forKeyPath: \.title, context: copy))
    }

    /// A removal removes the most recent of two equal registrations.
    ///
    /// ContextsAndSafeRemoval.md: "Registering the same observer, key path and context twice
    /// makes two registrations; each removal removes the most recent one." The two differ in
    /// their options, so the survivor shows which was removed.
    @Test func aRemovalRemovesTheMostRecentOfTwoEqualRegistrations() {
        let item = TabItem()
        let recorder = Recorder<ObservedCall>()
        let observer = RecordingObserver("O", recorder: recorder)
        let context = ObservationContext("twice")
        item.addObserver(observer, forKeyPath: \.title, options: [.new], context: context)
        item.addObserver(observer, forKeyPath: \.title, options: [.old], context: context)

        #expect(item.removeObserver(observer, forKeyPath: \.title, context: context))
        item.title = "x"

        #expect(recorder.events == [ObservedCall(observer: "O", newValue: "x", context: context)])
    }

    /// An observer is called on the setting thread before the setter returns.
    ///
    /// KeyValueObserver.swift: "The method is called synchronously on the thread that set the
    /// property, before the setter returns."
    @Test func anObserverIsCalledOnTheSettingThreadBeforeTheSetterReturns() {
        let item = TabItem()
        let events = Recorder<String>()
        let observer = RecordingObserver("O", recorder: Recorder<ObservedCall>())
        observer.onChange = { _ in events.record("called on \(currentThreadID())") }
        item.addObserver(observer, forKeyPath: \.title, options: [.new])
        let done = DispatchSemaphore(value: 0)
        let setterThread = Recorder<String>()
        let thread = Thread {
            setterThread.record("called on \(currentThreadID())")
            item.title = "x"
            events.record("returned")
            done.signal()
        }
        thread.start()
        done.wait()

        #expect(events.events == setterThread.events + ["returned"])
        withExtendedLifetime(observer) {}
    }
}
