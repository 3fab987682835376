import Foundation
import Observing
import Testing

/// The process-wide count of live registrations returns to its start after every leak test.
///
/// Other tests register in parallel in this process, so the check runs in a child process of
/// this test executable that runs nothing else: there it calls each leak test in turn and
/// compares the count before and after.
@Suite struct LiveRegistrationCountTests {
    #if !DEBUG
        @Test func releaseBuildsDoNotCount() {
            #expect(ObservationSnapshot.liveRegistrationCount == nil)
        }
    #endif

    @Test(.enabled(if: ObservationSnapshot.liveRegistrationCount != nil))
    func everyLeakTestReturnsTheProcessWideCountToItsStart() throws {
        let child = try TrapChild.run(test: "liveCountChildRunsEveryLeakTest")
        #expect(child.status == 0, "\(child.standardError)")
        #expect(child.standardError.contains("checked 37 leak tests, each back to its start"))
    }

    /// Runs only in the child that `everyLeakTestReturnsTheProcessWideCountToItsStart()` starts.
    @Test(.enabled(if: TrapChild.isChild)) func liveCountChildRunsEveryLeakTest() async {
        #expect(ObservationSnapshot.liveRegistrationCount != nil)
        var checked = 0
        func check(_ name: String, _ test: () async -> Void) async {
            let start = ObservationSnapshot.liveRegistrationCount ?? -1
            await test()
            let end = ObservationSnapshot.liveRegistrationCount ?? -1
            #expect(end == start, "\(name) left \(end - start) registrations alive")
            checked += 1
        }
        let tokens = TokenLeakTests()
        for kind in TokenLeakTests.Kind.allCases {
            for ending in TokenLeakTests.Ending.allCases {
                await check("ending a \(kind) token by \(ending)") {
                    tokens.endingTheTokenFreesItsHandlerAndItself(kind: kind, ending: ending)
                }
            }
            await check("dropping a \(kind) observation's object") {
                tokens.droppingTheObservedObjectFreesItAndTheHandler(kind: kind)
            }
        }
        await check("a handler holding its token") {
            tokens.aHandlerThatHoldsItsOwnTokenIsFreedByInvalidate()
        }
        await check("a handler holding its object") {
            tokens.aHandlerThatHoldsTheObservedObjectKeepsItOnlyUntilInvalidate()
        }
        let observers = ObserverLeakTests()
        await check("a deallocated observer") {
            observers.aDeallocatedObserverIsFreedAndLeavesNoRegistration()
        }
        await check("observers of a dropped object") {
            observers.theObservedObjectIsNotRetainedByItsObservers()
        }
        await check("removing every registration") {
            observers.removingEveryRegistrationLeavesNothingBehind()
        }
        await check("a derived observer with .removeDuplicates") {
            observers.derivedObserverWithRemoveDuplicatesEndsWithItsObserver()
        }
        let bindings = BindingLeakTests()
        for source in BindingLeakTests.Source.allCases {
            await check("a one-way binding from a \(source)") {
                bindings.aOneWayBindingHoldsNeitherItsTargetNorItsSource(source: source)
            }
            for dropsTheToken in [true, false] {
                await check("ending a one-way binding from a \(source)") {
                    bindings.endingAOneWayBindingFreesWhatItsTransformCaptured(
                        source: source, dropsTheToken: dropsTheToken)
                }
            }
        }
        for dropsTheFirst in [true, false] {
            await check("a two-way binding") {
                bindings.aTwoWayBindingEndsWithEitherSide(dropsTheFirst: dropsTheFirst)
            }
        }
        await check("dropping a two-way binding") {
            bindings.droppingATwoWayBindingsTokenEndsBothDirections()
        }
        await check("a derived binding") { bindings.derivedBindingTokenStaysValidAfterTheTargetDeallocates() }
        let sequences = SequenceLeakTests()
        await check("a finished sequence") {
            await sequences.aFinishedSequenceFreesTheObjectAndItsBufferedElements()
        }
        await check("a cancelled consumer") {
            await sequences.aCancelledConsumerEndsTheRegistrationAndFreesTheBuffer()
        }
        for makesAnIterator in [true, false] {
            await check("an abandoned sequence") {
                sequences.anAbandonedSequenceEndsTheRegistrationAndFreesTheBuffer(
                    makesAnIterator: makesAnIterator)
            }
        }
        await check("a whole-object observation") {
            await WholeObjectObservationTests().invalidatingStopsEveryProperty()
        }
        await check("a whole-object observation of a dropped object") {
            await WholeObjectObservationTests().theObjectIsNotRetainedAndItsDeathEndsTheToken()
        }
        let start = ObservationSnapshot.liveRegistrationCount ?? -1
        do {
            let draft = TextModel()
            let editor = TextModel()
            let binding = draft.bind(\.text, twoWayTo: editor, \.text)
            #expect(ObservationSnapshot.liveRegistrationCount == start + 2, "a two-way binding counts two")
            binding.invalidate()
        }
        #expect(ObservationSnapshot.liveRegistrationCount == start)
        FileHandle.standardError.write(Data("checked \(checked) leak tests, each back to its start\n".utf8))
    }
}
