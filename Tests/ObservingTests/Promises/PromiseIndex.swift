// The promise index: each behavioural promise of the Observing module's documentation (the
// DocC articles in Sources/Observing/Observing.docc and the public doc comments of
// Sources/Observing/*.swift), with the tests that check it, as `Suite/test`.
// `PromiseIndexTests` checks that every test named here exists, that every entry names one,
// and that every test of this folder is named here. Descriptive sentences and performance
// claims (checked by observe-bench, never by timed tests) are not listed. A sentence repeated
// in several places is listed once, under its first source, with the others named.
//
// Not indexed (no test): out-of-bounds indexes of MutableArrayValue trap (Collections.md:
// would need a child process, as IsolationTests' traps do); "the element comes out of `next()`
// in the consumer's own isolation, without a hop when it is already buffered"
// (ThreadsQueuesAndActors.md, AsyncSequences.md: not observable without timing); "A command-line
// tool that observes on `.main` and never services the main queue never sees its handlers run"
// (environment).
//
// ObservationToken.swift, ThreadsQueuesAndActors.md, Architecture.md (invalidation)
//
// [T1] ObservationToken.swift: after `invalidate()` returns "no notification calls the handler
//      unless it had already reached this observation on another thread"; Architecture.md:
//      "only a delivery that had already reached the entry on another thread may still call
//      the handler".
//      - InvalidationTimingTests/aCallUnderWayOnAnotherThreadFinishesAndNothingStartsAfterInvalidate
//      - StressTests/tokensInvalidatedOrDroppedOnOtherThreadsStopWhereDocumented
// [T2] ObservationToken.swift: "on the thread that invalidates (inside a handler, on the
//      setting thread, or on the serial queue a registration delivers on) nothing more is
//      delivered at all".
//      - ReentrancyTests/tokenInvalidatedFromItsOwnHandlerStopsAtOnce
//      - TokenPromiseTests/aTokenInvalidatedByAnEarlierHandlerMissesTheRestOfTheNotification
//      - InvalidationTimingTests/invalidatingOnTheDeliveryQueueStopsEveryLaterCall
// [T3] ObservationToken.swift: "queued calls that have not started are dropped, on the queue
//      too"; ThreadsQueuesAndActors.md and KeyValueObservable+Observe.swift: "nothing more is
//      delivered, including changes already waiting on the queue".
//      - QueueDeliveryTests/nothingIsDeliveredAfterInvalidateAndTheHandlerIsReleasedAtOnce
//      - QueueDeliveryTests/observablePropertyDeliversNothingOnItsQueueAfterInvalidate
//      - InvalidationTimingTests/aCallEnqueuedBeforeInvalidateInTheSameNotificationIsDropped
//      - InvalidationTimingTests/aComputedKeyPathCallEnqueuedBeforeInvalidateInTheSameNotificationIsDropped
//      - InvalidationTimingTests/anObservablePropertyCallEnqueuedBeforeInvalidateInTheSameNotificationIsDropped
// [T4] ObservationToken.swift: "the handler is released at once"; GettingStarted.md:
//      "idempotent; the handler is released at once".
//      - TokenLifetimeTests/invalidateIsIdempotentAndReleasesTheHandlerAtOnce
//      - TokenLeakTests/endingTheTokenFreesItsHandlerAndItself
//      - ObservablePropertyPromiseTests/aCallWaitingOnAQueueDoesNotKeepThePropertyAlive
//      - QueueDeliveryTests/nothingIsDeliveredAfterInvalidateAndTheHandlerIsReleasedAtOnce
// [T5] ObservationToken.swift: "when a notification on another thread still holds it, [...]
//      as soon as that notification or pair ends".
//      - TokenPromiseTests/aHandlerHeldByANotificationOnAnotherThreadIsReleasedWhenItEnds
// [T14] ObservationToken.swift (issue 31, bug 3): "the handler is released at once, also when
//      another handler of the notification under way invalidates it" (before or after it, from
//      a nested notification, with a set or a manual pair waiting that lists it, on
//      `@Observed` and on `ObservableProperty`); "when the handler is running (it invalidated
//      its own token, or something it called did) [...] as soon as that notification [...]
//      ends" (its call finishes first, also while it waits for another thread that ends it).
//      - ReleaseAtOncePromiseTests/aLaterHandlerEndedByAnEarlierOneIsReleasedAtOnce
//      - ReleaseAtOncePromiseTests/anEarlierHandlerEndedByALaterOneIsReleasedAtOnce
//      - ReleaseAtOncePromiseTests/anObservablePropertyHandlerEndedByAnotherIsReleasedAtOnce
//      - ReleaseAtOncePromiseTests/aHandlerListedByAWaitingNotificationIsReleasedAtOnce
//      - ReleaseAtOncePromiseTests/anObservablePropertyHandlerListedByAWaitingNotificationIsReleasedAtOnce
//      - ReleaseAtOncePromiseTests/aHandlerEndedFromANestedNotificationIsReleasedAtOnce
//      - ReleaseAtOncePromiseTests/aHandlerEndedInsideAManualPairIsReleasedAtOnce
//      - ReleaseAtOncePromiseTests/aHandlerListedByAPairOpenedInsideANotificationIsReleasedAtOnce
//      - ReleaseAtOncePromiseTests/aHandlerThatEndsItselfFinishesItsCallAndIsReleasedAfterIt
//      - ReleaseAtOncePromiseTests/aHandlerWaitingForAnotherThreadIsNotReleasedUnderItsCall
// [T6] ObservationToken.swift: "Dropping the last reference to the token invalidates it too";
//      ContextsAndSafeRemoval.md: "dropping it removes exactly that registration".
//      - TokenLifetimeTests/droppingTheTokenInvalidates
//      - TokenLeakTests/endingTheTokenFreesItsHandlerAndItself
//      - GettingStartedExampleTests/droppingTheTokenEndsTheObservation
// [T7] ObservationToken.swift: "A token holds neither the observed object nor the observer;
//      only the handler is kept alive"; GettingStarted.md: "A token does not keep the observed
//      object alive".
//      - TokenLifetimeTests/observationDoesNotRetainTheObject
//      - TokenLeakTests/aHandlerThatHoldsTheObservedObjectKeepsItOnlyUntilInvalidate
//      - TokenLeakTests/aHandlerThatHoldsItsOwnTokenIsFreedByInvalidate
// [T8] ObservationToken.swift: "Tokens are `Sendable`: invalidate or drop them on any thread";
//      ThreadsQueuesAndActors.md and KeyValueObservable.swift: "Tokens can be invalidated or
//      dropped, and observers can deallocate, on any thread, while other threads set
//      properties".
//      - ConcurrencyTests/invalidatingTokensOnOtherThreadsWhileSettingIsSafe
//      - ConcurrencyTests/droppingTokensAndObserversOnOtherThreadsWhileSettingIsSafe
//      - StressTests/tokensInvalidatedOrDroppedOnOtherThreadsStopWhereDocumented
//      - StressTests/observersDeallocatingOnOtherThreadsStopWhereDocumented
// [T9] ObservationToken.swift (`invalidate()`): "Idempotent, safe from any thread and from
//      inside a handler; a no-op once the observed object is gone".
//      - TokenLifetimeTests/invalidateIsIdempotentAndReleasesTheHandlerAtOnce
//      - TokenLifetimeTests/tokenBecomesInvalidWhenTheObjectDeallocatesAndReleasesTheHandler
//      - ReentrancyTests/tokenInvalidatedFromItsOwnHandlerStopsAtOnce
// [T10] ObservationToken.swift (`isValid`): "`false` after `invalidate()` or once the observed
//      object has deallocated"; GettingStarted.md: "when the object deallocates, its tokens
//      become invalid and release their handlers".
//      - TokenLifetimeTests/invalidateIsIdempotentAndReleasesTheHandlerAtOnce
//      - TokenLifetimeTests/tokenBecomesInvalidWhenTheObjectDeallocatesAndReleasesTheHandler
//      - DerivedKeyPathTests/chainTokenEndsWithTheRootAndReleasesTheHandler
//      - TokenPromiseTests/aComputedObservationOfAnotherObjectEndsWithARootThatHasObservedStorage
// [T12] GettingStarted.md, ObservationToken.swift and Architecture.md (issue 31, bug 1): a key
//      path that reads only other objects' storage "ends with its object when one of the
//      object's own `@Observed` properties is observed when the registration is made"
//      (the handler released, the sequence ended, `removeObserver(_:)` finding it before);
//      "Otherwise [...] the registration stays valid, keeps its handler and its sequence open,
//      until its token is invalidated, what it reads next changes, [...] and then ends all at
//      once".
//      - TokenPromiseTests/aComputedObservationOfAnotherObjectEndsWithARootThatHasObservedStorage
//      - TokenPromiseTests/aComputedObservationOfAnObjectWithoutStorageEndsAllAtOnce
//      - DerivedKeyPathTests/aChainThroughAConstantLinkIsNotCountedOnceTheRootIsGone
// [T13] GettingStarted.md (issue 31, bug 1): a key path that reads only other objects' storage
//      "ends with its object when one of the object's own `@Observed` properties is observed",
//      also when it comes to read only other objects' storage after it registers, and when
//      it declares a dependency on a key path of the object notified by hand (no storage of
//      the object).
//      - TokenPromiseTests/aComputedObservationThatStopsReadingItsObjectStillEndsWithIt
//      - TokenPromiseTests/aDeclaredDependencyNotifiedByHandDoesNotTieAnObservationToItsObject
// [T11] ObservationToken.swift: `store(in:)` "Keeps the token in `set`"; `==` "Compares
//      identities".
//      - TokenLifetimeTests/tokensAreHashableByIdentity
//
// Observing.md, GettingStarted.md, KeyValueObservable+Observe.swift (observe)
//
// [O1] Observing.md: "An observation ends when its `ObservationToken` is invalidated or
//      released, when its weakly held observer deallocates, or when the observed object does".
//      - TokenLeakTests/endingTheTokenFreesItsHandlerAndItself
//      - TokenLeakTests/droppingTheObservedObjectFreesItAndTheHandler
//      - ObserverLeakTests/aDeallocatedObserverIsFreedAndLeavesNoRegistration
// [O2] Observing.md: "Nothing is kept alive by an observation except its handler";
//      KeyValueObservable+Observe.swift: "The handler is retained until the token is
//      invalidated or deallocated, or the object deallocates. The object is not retained."
//      - TokenLeakTests/endingTheTokenFreesItsHandlerAndItself
//      - TokenLeakTests/droppingTheObservedObjectFreesItAndTheHandler
//      - ObserverLeakTests/theObservedObjectIsNotRetainedByItsObservers
// [O3] Observing.md: "removing what is not registered returns `false` instead of raising an
//      exception"; MigratingFromKVO.md: the two classic crashes "cannot happen".
//      - ContextRemovalTests/removingBeforeAddingReturnsFalseAndCrashesNothing
//      - TokenLifetimeTests/observersAreHeldWeaklyAndDisappearWhenTheyDeallocate
// [O4] GettingStarted.md: "The handler runs synchronously on the thread that sets the
//      property, after the new value is stored"; KeyValueObservable+Observe.swift: "The
//      handler runs after each set [...] synchronously on the setting thread before the setter
//      returns"; Observed.swift: "Each set notifies the property's observers synchronously on
//      the setting thread, before the setter returns".
//      - QueueDeliveryTests/withoutAQueueTheHandlerRunsOnTheSettingThreadBeforeTheSetterReturns
//      - OptionsTests/withoutPriorOneCallAfterTheStore
// [O5] GettingStarted.md: "every set notifies, as in KVO"; Observed.swift: "Equal values are
//      not filtered unless a registration asks for `.removeDuplicates`";
//      OptionsAndChangeValues.md: "Setting a property to the value it already holds is a
//      change [...] `oldValue` equals `newValue`".
//      - OptionsTests/everySetNotifiesEvenWithAnEqualValue
//      - GettingStartedExampleTests/observeEndComputeChainAndCount
//      - OptionsGuideExampleTests/removeDuplicatesPriorAndInitial
// [O6] GettingStarted.md (computed property): Observing "notifies when any of it changes";
//      MigratingFromCombine.md: "The computed observation re-reads its dependencies after
//      every change".
//      - DerivedKeyPathTests/computedPropertyNotifiesWhenItsStorageChanges
//      - DeclaredDependencyTests/anUndeclaredComputedPropertyFollowsItsReads
//      - MigratingFromKVOExampleTests/computedPropertyNeedsNoDependencyDeclaration
// [O7] GettingStarted.md (chain): "When an intermediate object is replaced, the observation
//      re-wires itself to the new one; the old one keeps no registration and is not retained".
//      - DerivedKeyPathTests/chainRewiresWhenTheIntermediateIsReplaced
//      - DerivedKeyPathTests/replacedIntermediateIsNotRetained
//      - DerivedKeyPathTests/optionalLinkThroughNilAndBack
//      - AsyncSequenceTests/changesOfAChainFollowTheNewIntermediate
// [O8] GettingStarted.md: `observerCount(for:)` "returns how many live registrations the
//      storage of a key path has"; KeyValueObservable+Observer.swift: it counts "block
//      observations, observers, bindings, sequences, and chains through this object", and
//      "Registrations whose observer or binding target has deallocated are not counted".
//      - GettingStartedExampleTests/observeEndComputeChainAndCount
//      - AsyncSequenceTests/cancellingTheConsumerRemovesTheRegistration
//      - BindingTests/oneWayBindingPushesAtOnceFollowsAndEndsWithTheTarget
//      - TokenLifetimeTests/observersAreHeldWeaklyAndDisappearWhenTheyDeallocate
//      - DerivedKeyPathTests/aChainThroughAConstantLinkIsNotCountedOnceTheRootIsGone
// [O9] KeyValueObservable+Observe.swift: a key path that reads no `@Observed` property "is
//      notified only by hand [...] The registration is real: counted by `observerCount(for:)`,
//      removable, ended when the object deallocates".
//      - ForgottenObservedTests/theRegistrationIsRealCountedAndRemovable
//      - ManualNotificationTests/aPlainStoredPropertyIsObservableAndRemovable
//      - ManualNotificationTests/aRegistrationOnAManualKeyPathEndsWithItsObject
//      - ManualNotificationTests/aBindingFollowsAManualKeyPath
//      - ManualNotificationTests/aSequenceFollowsAManualKeyPath
// [O10] KeyValueObservable+Observe.swift: "debug builds print one diagnostic per type and key
//      path on standard error" unless `automaticallyNotifiesObservers(for:)` returns `false`.
//      - ForgottenObservedTests/aForgottenObservedIsDiagnosedOncePerKeyPathWithItsCallSite
//      - ForgottenObservedTests/aKeyPathDeclaredAsNotifiedByHandIsNotDiagnosed
// [O11] KeyValueObservable+ObserveWithToken.swift: "During the `.initial` call [...]
//      invalidating it there ends the observation, and the handler receives nothing more".
//      - InitialTokenTests/aHandlerEndsItsObservationFromTheInitialCall
//      - InitialTokenTests/aHandlerEndsItsObservationLater
// [O12] KeyValueObservable+ObserveWithToken.swift: "The token passed to the handler is the one
//      this method returns."
//      - InitialTokenTests/theTokenPassedIsTheOneReturned
// [O13] KeyValueObservable+ObserveWithToken.swift: "The handler holds the token weakly: it is
//      not called once the token is gone."
//      - InitialTokenTests/droppingTheTokenEndsTheObservation
//
// ThreadsQueuesAndActors.md, KeyValueObservable+Observe.swift (queues and isolation)
//
// [Q1] ThreadsQueuesAndActors.md: with a queue the handler "runs on `updates`,
//      asynchronously, in the order of the sets"; KeyValueObservable+Observe.swift: "in set
//      order when the queue is serial".
//      - QueueDeliveryTests/changesSetOnABackgroundThreadArriveOnTheChosenQueueInSetOrder
//      - ThreadsGuideExampleTests/aQueuedHandlerRunsOnItsQueueInSetOrder
// [Q2] ThreadsQueuesAndActors.md: "Each change, and the object, is retained until the queue
//      delivers it."
//      - QueuePromiseTests/aQueuedChangeRetainsTheObjectUntilItIsDelivered
// [Q3] ThreadsQueuesAndActors.md: "With `.initial` the initial call runs on the queue too."
//      - QueuePromiseTests/theInitialCallRunsOnTheQueue
// [Q4] KeyValueObservable+Observe.swift: "With `nil`, it runs synchronously on whatever thread
//      sets the property."
//      - QueuePromiseTests/aNilQueueRunsTheHandlerOnTheSettingThreadBeforeTheSetterReturns
// [Q5] ThreadsQueuesAndActors.md: "From the object's `deinit`: synchronous handlers see the
//      set; a registration that delivers on a queue does not"; KeyValueObservable+Observe.swift
//      says the same.
//      - DeinitSetTests/queuedObserverOfASetInDeinitDoesNotCrashAndReceivesNothing
//      - DeinitSetTests/everyKindOfRegistrationSurvivesASetInDeinit
// [Q6] ThreadsQueuesAndActors.md: "Derived observations (computed properties and chains
//      rooted at the object) end when the object starts to deinitialize."
//      - ReentrancyPromiseTests/aDerivedObservationDoesNotSeeASetFromDeinit
// [Q7] ThreadsQueuesAndActors.md and KeyValueObservable+Observe.swift: a handler written in a
//      `@MainActor` class or an actor "is isolated to that actor: it may read and write the
//      actor's state"; ObservableProperty.swift and KeyValueObservable+Binding.swift say the
//      same for their handlers and transforms.
//      - IsolationTests/aMainActorHandlerUsesMainActorStateOnASameActorSet
//      - IsolationTests/anActorHandlerRunsOnItsActor
//      - IsolationTests/anObservablePropertyHandlerOnTheMainActorSeesSameActorSets
//      - IsolationTests/aTransformAndABindingMadeOnTheMainActorPushOnSameActorSets
//      - ThreadsGuideExampleTests/aMainActorViewModelUpdatesItsLabel
//      - MigratingFromKVOExampleTests/mainActorViewModelNeedsNoHop
//      - CombineGuideExampleTests/aMainActorViewModelNeedsNoHop
// [Q8] ThreadsQueuesAndActors.md: "a set made on another thread cannot wait for the actor: it
//      traps, with a message that names the key path and the actor"; the same in
//      KeyValueObservable+Observe.swift, KeyValueObservable+Binding.swift, KeyValueObserver.swift.
//      - IsolationTests/aMainActorHandlerTrapsOnASetOffTheMainActor
//      - IsolationTests/theTrapNamesTheKeyPathAndTheActor
//      - IsolationTests/aMainActorBindingTrapsOnASetOffTheMainActor
//      - IsolationTests/aMainActorObserverTrapsOnASetOffTheMainActor
// [Q9] ThreadsQueuesAndActors.md: registered from a nonisolated context, the handler "runs on
//      the setting thread unchecked".
//      - IsolationTests/aNonisolatedHandlerRunsOnAnyThreadUnchecked
// [Q10] ThreadsQueuesAndActors.md: "A main-actor `KeyValueObserver` conforms with
//      `@preconcurrency` and implements its method as an ordinary main-actor method".
//      - ThreadsGuideExampleTests/aMainActorObserverSeesEachSet
// [Q11] KeyValueObservable+Observe.swift and ObservableProperty.swift
//      (`observe(_:options:queue:file:line:changeHandler:)`, `observe(options:queue:changeHandler:)`)
//      and ThreadsQueuesAndActors.md: a queue's handler written in main-actor code "may use the
//      actor's state [...] With `queue: .main` and the main actor, it runs on the main queue,
//      which is the main actor's, in set order", for an `ObservableProperty` set on any thread.
//      - MainActorQueuePromiseTests/anObservedPropertyReachesItsMainActorHandlerOnTheMainQueueInSetOrder
//      - MainActorQueuePromiseTests/anObservablePropertySetOnOtherThreadsReachesItsMainActorHandlerInSetOrder
//      - ThreadsGuideExampleTests/aPlayerViewModelFollowsAVolumeSetInTheBackground
// [Q12] The same: "Once the token is invalidated, nothing more is delivered, including changes
//      already waiting on the queue or on the handler's actor."
//      - MainActorQueuePromiseTests/invalidatingBeforeTheMainQueueRunsDeliversNothingMore
//      - MainActorQueuePromiseTests/aMainActorHandlerWithAnotherQueueRunsOnTheMainActorAfterIt
// [Q13] The same: "With any other queue, each change goes to `queue` first, and the queue's
//      block sends the call on to the handler's actor [...] in the order the queue sent the
//      calls"; "`queue: .global()` there also runs the handler on the main actor".
//      - MainActorQueuePromiseTests/aMainActorHandlerWithAnotherQueueRunsOnTheMainActorAfterIt
//      - MainActorQueuePromiseTests/aMainActorHandlerWithTheGlobalQueueRunsOnTheMainActor
//      - MainActorQueuePromiseTests/anActorHandlerWithAQueueRunsOnItsActorInSetOrder
// [Q14] The same: "pass the queue as a `DispatchQueue?` [...] which selects the `@Sendable`
//      form of this method, or register from a nonisolated context".
//      - MainActorQueuePromiseTests/nonisolatedCodeAndAnOptionalQueueGetThePlainSendableForm
//      - ThreadsGuideExampleTests/anOptionalGlobalQueueRunsTheHandlerOffTheMainActor
//
// ThreadsQueuesAndActors.md (re-entrancy), ContextsAndSafeRemoval.md, OptionsAndChangeValues.md
//
// [R1] ThreadsQueuesAndActors.md: "Inside a handler you may set properties (the same one
//      included), register and remove observations, and invalidate tokens (the handler's own
//      included)."
//      - ReentrancyTests/settingInsideHandlersTerminatesAndEveryObserverSeesTheFinalValueLast
//      - ReentrancyTests/observerAddedDuringNotificationMissesTheNotificationInFlight
//      - ReentrancyTests/observerRemovedDuringNotificationReceivesNothingMore
//      - ReentrancyTests/tokenInvalidatedFromItsOwnHandlerStopsAtOnce
// [R2] ThreadsQueuesAndActors.md: "Observing never holds a lock while it calls your code".
//      - ObservablePropertyTests/deinitsOfQueuedValuesRunWithoutTheLock
//      - ObservablePropertyTests/setFromItsOwnHandlerNeitherDeadlocksNorBreaksOrder
//      - ReentrancyTests/observerAddedDuringNotificationMissesTheNotificationInFlight
// [R3] ThreadsQueuesAndActors.md: "An observer removed during a notification receives nothing
//      more"; KeyValueObservable+Observer.swift: removal is "Safe from inside a notification
//      (also the observer's own): the removed registration receives nothing more".
//      - ReentrancyTests/observerRemovedDuringNotificationReceivesNothingMore
//      - ReentrancyTests/observerRemovesItselfDuringTheInitialCall
//      - TokenPromiseTests/aTokenInvalidatedByAnEarlierHandlerMissesTheRestOfTheNotification
// [R4] ContextsAndSafeRemoval.md: "the removed registration receives nothing more, not even
//      the rest of the notification in flight".
//      - ReentrancyPromiseTests/aRegistrationRemovedInItsPriorCallGetsNoAfterCall
// [R5] ThreadsQueuesAndActors.md: "one added during a notification receives nothing from the
//      notification in flight".
//      - ReentrancyTests/observerAddedDuringNotificationMissesTheNotificationInFlight
//      - ManualNotificationTests/anObserverAddedInsideAPairReceivesNothingFromIt
//      - ReentrancyPromiseTests/anObserverAddedDuringANotificationMissesAChangeStoredBeforeIt
//      - ReentrancyPromiseTests/anObservablePropertyObserverAddedDuringANotificationMissesAChangeStoredBeforeIt
// [R6] ThreadsQueuesAndActors.md: "a value set from a handler is delivered after the current
//      notification, so every observer sees every value in set order and the final value
//      last"; Observed.swift: a mutation "made while a notification of the property is under
//      way" runs on a copy and is set.
//      - ReentrancyTests/settingInsideHandlersTerminatesAndEveryObserverSeesTheFinalValueLast
//      - InPlaceMutationTests/aMutationFromAHandlerIsNotifiedAfterTheOneInFlight
// [R7] ThreadsQueuesAndActors.md: from a `.prior` handler "the set is *deferred*: stored, as a
//      set of its own with its own prior and after notifications, right after the set in
//      flight completes, in the order the sets were made"; OptionsAndChangeValues.md: "A value
//      set from inside a prior call is stored after the set in flight completes".
//      - ReentrancyTests/settingFromAPriorCallbackIsStoredAfterTheSetInFlight
//      - PriorPhaseWriteTests/plainSetsFromAPriorCallbackAreStoredInSetOrderAfterTheSetInFlight
//      - InPlaceMutationTests/aMutationFromAPriorHandlerIsDeferredAsASetIs
//      For a manual pair, the set in flight is its `willChangeValue`: the set is stored once
//      the pair's prior calls are sent, and the pair's body reads it.
//      - ManualNotificationTests/aPriorCallbackThatSetsThePropertyIsStoredBeforeThePairCloses
//      - ManualNotificationTests/aSetFromThePairsPriorCallIsStoredBeforeTheBodyRuns
// [R7a] KeyValueObservable+ManualNotification.swift: a set inside a pair joins it "(unless the
//      pair began inside a notification of that property, where it is delivered on its own)".
//      - ManualNotificationTests/aPairBegunInsideANotificationOfItsPropertyIsDeliveredOnItsOwn
// [R8] ThreadsQueuesAndActors.md and MutableArrayValue.swift: "a prior handler may mutate twice
//      in a row, and each deferred to-many change is reported with its own kind and indexes".
//      - PriorPhaseWriteTests/twoArrayMutationsFromAPriorCallbackApplyInOrderWithTheirOwnKinds
//      - PriorPhaseWriteTests/deferredToManyChangesKeepTheirLabelsWhenMixedWithPlainSets
// [R9] ThreadsQueuesAndActors.md: replacing the storage from a handler "ends every
//      registration on the old storage: the notification in flight still reaches them [...]
//      then their tokens turn invalid [...] The property goes on working with its new storage."
//      - StorageReplacementTests/replacingTheStorageFromAnAfterHandlerKeepsThePropertyWorking
// [R10] ThreadsQueuesAndActors.md: "unless the replacement was made from a `.prior` handler,
//      which also cancels the set in flight: the replacement's value wins".
//      - StorageReplacementTests/replacingTheStorageFromAPriorHandlerLetsTheReplacementWin
// [R11] ThreadsQueuesAndActors.md: "Sets deferred by the old storage are applied to the new
//      one."
//      - StorageReplacementTests/setsDeferredBeforeTheReplacementReachTheNewStorage
//
// ObservableProperty.swift, ThreadsQueuesAndActors.md (values shared between threads)
//
// [V1] ObservableProperty.swift: "Notifications are serialized: every observer receives every
//      change exactly once, in set order, and each change's `oldValue` equals the previous
//      change's `newValue`"; the same in ThreadsQueuesAndActors.md.
//      - ObservablePropertyTests/concurrentSettersAndRegistrationsKeepAnUnbrokenChain
//      - StressTests/observablePropertyWithFourSettersAndRegistrationChurnKeepsOneOrder
//      - ThreadsGuideExampleTests/sharedValueSerializesNotifications
// [V1a] ThreadsQueuesAndActors.md: "`queue: nil` asks for a plain `@Sendable` handler on the
//      setting thread, wherever the code is written" (the sample run from the main actor).
//      - ThreadsGuideExampleTests/sharedValueSerializesNotifications
// [V2] ObservableProperty.swift: "A handler runs synchronously on a thread that is setting the
//      property [...] or on the queue its registration names"; "in change order when the queue
//      is serial".
//      - ObservablePropertyPromiseTests/everySetNotifiesBeforeTheSetterReturnsEvenWithAnEqualValue
//      - ObservablePropertyTests/queueDeliveryKeepsOrder
// [V3] ObservableProperty.swift: "A set from inside a handler is queued behind the
//      notification in flight: no deadlock, order kept."
//      - ObservablePropertyTests/setFromItsOwnHandlerNeitherDeadlocksNorBreaksOrder
// [V4] ObservableProperty.swift: "Every set notifies, as KVO does, unless a registration asks
//      for `.removeDuplicates`."
//      - ObservablePropertyPromiseTests/everySetNotifiesBeforeTheSetterReturnsEvenWithAnEqualValue
//      - ObservablePropertyTests/removeDuplicatesSkipsEqualValues
// [V5] ObservableProperty.swift (`modify(_:)`): "Reads, changes and stores the value
//      atomically, then notifies once."
//      - ObservablePropertyTests/notifiesEachSetWithOldAndNew
//      - ThreadsGuideExampleTests/sharedValueSerializesNotifications
// [V6] ObservableProperty.swift: "With `.initial` it is first called with the current value,
//      ordered before any later change."
//      - ObservablePropertyTests/notifiesEachSetWithOldAndNew
//      - ObservablePropertyPromiseTests/aQueuedInitialCallSendsNoPriorCall
// [V7] ObservableProperty.swift: "With `.prior` it is also called before each change's
//      notification with `isPrior == true`".
//      - ObservablePropertyPromiseTests/priorCallsComeBeforeEachChange
// [V8] ObservableProperty.swift: "The handler is retained until the token is invalidated or
//      deallocated."
//      - TokenLeakTests/endingTheTokenFreesItsHandlerAndItself
// [V9] ObservableProperty.swift (`value`) and ThreadsQueuesAndActors.md ("Computed properties
//      over shared values"): a computed property that reads `value` "is observable like one
//      that reads `@Observed` storage: `observe`, `addObserver`, `bind`, `values(for:)` and
//      `changes(for:options:)` [...] and the registration re-wires when the getter reads other
//      properties".
//      - ObservablePropertyTrackingTests/aComputedPropertyOverAPropertyReportsEachChangeWithItsOldAndNewValues
//      - ObservablePropertyTrackingTests/aChainThroughAPropertyIsObserved
//      - ObservablePropertyTrackingTests/aPriorCallOfAComputedPropertyOverAPropertyCarriesTheValueBeforeTheSet
//      - ObservablePropertyTrackingTests/anObserverWithAContextIsCalledAndRemovedByObject
//      - ObservablePropertyTrackingTests/aBindingFromAComputedPropertyPushesEachValue
//      - ObservablePropertyTrackingTests/aSequenceOfAComputedPropertyYieldsEachValueAndEndsWithTheObject
//      - ObservablePropertyTrackingTests/aComputedPropertyReWiresToThePropertyItReadsNow
// [V10] ThreadsQueuesAndActors.md: the calls of such a computed property "never run two at
//      once, a change that another thread reports while one is delivered waits [...] and each
//      old value is the previous call's new value"; "the last notification carries the latest
//      value".
//      - ObservablePropertyTrackingTests/setsFromSeveralThreadsAreDeliveredOneAtATimeAndEndOnTheFinalValue
// [V11] GettingStarted.md: "A key path that reads `ObservableProperty` values the object holds
//      in its own stored properties ends with the object too [...] and is not reported."
//      - ObservablePropertyTrackingTests/anObservationOfAPropertyTheObjectHoldsEndsWithTheObject
//      - ObservablePropertyTrackingTests/aKeyPathThatReadsOnlyPropertiesItsObjectHoldsIsNotDiagnosed
//      - ObservablePropertyTrackingTests/aViewModelOverASharedPropertyIsDiagnosedNamingTheProperty
//
// ContextsAndSafeRemoval.md, KeyValueObservable+Observer.swift, KeyValueObserver.swift,
// ObservationContext.swift (observers and contexts)
//
// [C1] ContextsAndSafeRemoval.md: "The observed object holds the observer **weakly**. When the
//      observer deallocates, its registrations disappear"; the same in KeyValueObserver.swift
//      and `addObserver`'s comment.
//      - TokenLifetimeTests/observersAreHeldWeaklyAndDisappearWhenTheyDeallocate
//      - ContextsAndSafeRemovalExampleTests/aDeallocatedObserverTakesItsRegistrationsWithIt
//      - ObserverLeakTests/aDeallocatedObserverIsFreedAndLeavesNoRegistration
// [C2] ContextsAndSafeRemoval.md: `removeObserver` "returns `false` when nothing matches [...]
//      Removing twice is harmless."
//      - ContextRemovalTests/removingBeforeAddingReturnsFalseAndCrashesNothing
//      - MigratingFromKVOExampleTests/observerWithContextNeedsNoRemovalAndSurvivesADoubleRemoval
// [C3] ContextsAndSafeRemoval.md: "Removal matches the observer, the key path and the
//      `ObservationContext` exactly, so a superclass and its subclass never remove each
//      other's registrations."
//      - ContextRemovalTests/removalMatchesTheContextExactly
//      - ContextRemovalTests/subclassAndSuperclassRegistrationsNeverRemoveEachOther
//      - ContextRemovalTests/removingAnotherObserversRegistrationReturnsFalse
//      - ContextsAndSafeRemovalExampleTests/contextsKeepSuperclassAndSubclassRegistrationsApart
// [C4] ContextsAndSafeRemoval.md and ObservationContext.swift: "two contexts are equal only if
//      one is a copy of the other, whatever their names".
//      - ContextPromiseTests/contextsAreEqualOnlyToTheirCopies
// [C5] ContextsAndSafeRemoval.md: "A `nil` context matches only registrations made with
//      `nil`."
//      - ContextRemovalTests/nilContextMatchesOnlyNilRegistrations
// [C6] ContextsAndSafeRemoval.md: "Registering the same observer, key path and context twice
//      makes two registrations; each removal removes the most recent one."
//      - ContextsAndSafeRemovalExampleTests/twoRegistrationsNeedTwoRemovals
//      - ContextPromiseTests/aRemovalRemovesTheMostRecentOfTwoEqualRegistrations
// [C7] ContextsAndSafeRemoval.md: "A key path formed on a subclass [...] removes a
//      registration made with the superclass's key path".
//      - ContextRemovalTests/subclassKeyPathRemovesSuperclassKeyPathRegistration
//      - TokenLifetimeTests/subclassKeyPathObservesTheSuperclassProperty
// [C8] ContextsAndSafeRemoval.md: "A computed property that returns a stored one is a
//      different key path."
//      - ContextRemovalTests/aComputedPropertyThatReturnsAStoredOneIsAnotherKeyPath
// [C9] KeyValueObserver.swift and `addObserver`: "The method is called synchronously on the
//      thread that set the property, before the setter returns"; "with `.initial`, once before
//      this method returns".
//      - ContextPromiseTests/anObserverIsCalledOnTheSettingThreadBeforeTheSetterReturns
//      - ReentrancyTests/observerRemovesItselfDuringTheInitialCall
// [C10] `addObserver` takes "an `@Observed` property, a computed property or a chain", and
//      removal finds it again.
//      - DerivedKeyPathTests/observerProtocolWorksOnChainsAndRemovesThem
//      - ObserverRemovalTests/removingAChainOnOneObjectLeavesAnotherObjectsChainAlone
//      - ObserverRemovalTests/removingOnTheRightObjectStillWorksWhenChainsShareAnIntermediate
//      - DeclaredDependencyTests/anObserverOfADerivedKeyPathIsRemovable
// [C11] KeyValueObservable+Observer.swift (`removeObserver(_:)`): removes every registration of
//      the observer on this object; "Registrations made by other observers, block
//      observations, and `observer`'s registrations on other objects stay. [...] Calling it
//      when nothing is registered returns 0."
//      - ObserverRemovalAllTests/removesEveryRegistrationOfTheObserverOnTheObject
//      - ObserverRemovalAllTests/includesRegistrationsOnKeyPathsNotifiedByHand
// [C12] KeyValueObservable+Observer.swift (`removeObserver(_:)`): "Safe from inside a
//      notification (also the observer's own)".
//      - ObserverRemovalAllTests/isSafeFromInsideTheObserversOwnCall
// [C13] ContextsAndSafeRemoval.md: "The observed object does not need to remove anything
//      either: when it deallocates, its registrations end with it."
//      - ObserverLeakTests/theObservedObjectIsNotRetainedByItsObservers
//      - ObserverLeakTests/derivedObserverWithRemoveDuplicatesEndsWithItsObserver
//
// OptionsAndChangeValues.md, KeyValueObservingOptions.swift, KeyValueChange.swift (options)
//
// [P1] OptionsAndChangeValues.md: `.new` "`newValue` holds the value after the change", `.old`
//      "`oldValue` holds the value before the change"; "With no options the handler still runs
//      once after every set, with neither value filled in".
//      - OptionsTests/oldAndNewDecideWhichValuesAreFilledIn
//      - RegistryEntryTests/aHandlerEntryCallsTheHandlerWithTheChangeFilteredForItsOptions
//      - InterleavedOptionsTests/eachObserverGetsTheChangeFilteredForItsOwnOptions
//      - ObservablePropertyInterleavedOptionsTests/eachObserverGetsTheChangeFilteredForItsOwnOptions
// [P2] OptionsAndChangeValues.md: `.initial` "also runs once during registration, before the
//      registering call returns, with the current value as `newValue` [...] and no old value";
//      "The initial call has `kind` `setting`".
//      - OptionsTests/initialCallsOnceDuringRegistrationWithTheCurrentValue
//      - OptionsGuideExampleTests/removeDuplicatesPriorAndInitial
// [P3] OptionsAndChangeValues.md: `.prior` "also runs before each store, with `isPrior ==
//      true`, the old value (when `.old` is set) and no new value; the property still reads the
//      old value"; KeyValueChange.swift: `newValue` is "`nil` in a prior notification".
//      - OptionsTests/priorCallComesBeforeTheStoreWithTheOldValueOnly
//      - OptionsTests/anObserversPriorCallCarriesNoNewValue
// [P4] OptionsAndChangeValues.md: "Without `.prior` a handler runs once per set, after the
//      store".
//      - OptionsTests/withoutPriorOneCallAfterTheStore
// [P5] OptionsAndChangeValues.md: `.removeDuplicates`: "Changes whose new value equals the old
//      one are skipped, for `Equatable` values."
//      - OptionsTests/removeDuplicatesSkipsEqualValues
//      - OptionsGuideExampleTests/removeDuplicatesPriorAndInitial
//      OptionsAndChangeValues.md: for a computed property or a chain, "`.removeDuplicates`
//      compares the new value with the last value delivered".
//      - DependencyPromiseTests/removeDuplicatesOnAComputedKeyPathComparesWithTheLastDeliveredValue
// [P6] OptionsAndChangeValues.md: "It applies when the value type is `Equatable` and is ignored
//      otherwise".
//      - OptionsPromiseTests/removeDuplicatesIsIgnoredForAValueThatIsNotEquatable
// [P7] OptionsAndChangeValues.md: "it never skips a to-many change"; Collections.md:
//      "`removeDuplicates` never skips an element-level change".
//      - OptionsPromiseTests/removeDuplicatesNeverSkipsAToManyChange
// [P8] KeyValueObservingOptions.swift: "With `.prior`, a prior call is always followed by its
//      after call [...] a set of a stored value to an equal one sends neither, while a computed
//      key path or a chain [...] sends both".
//      - OptionsTests/removeDuplicatesSkipsEqualValues
//      - DerivedKeyPathTests/priorAndRemoveDuplicatesOnAComputedKeyPathPairEveryPriorCall
//      - DerivedKeyPathTests/priorAndRemoveDuplicatesOnAChainPairEveryPriorCall
//      Also for a computed key path that a prior handler of the set re-wires off the property
//      and back.
//      - ReentrancyPromiseTests/aComputedObservationRewiredDuringASetGetsTheSet
// [P9] OptionsAndChangeValues.md: "For a computed property or a chain, the old value is the
//      value the key path produced just before the change".
//      - DerivedKeyPathTests/computedPropertyNotifiesWhenItsStorageChanges
//      - DerivedKeyPathTests/optionalLinkThroughNilAndBack
//      - DependencyPromiseTests/aComputedKeyPathsOldValueIsReadBeforeTheChange
// [P9a] OptionsAndChangeValues.md: "Each change keeps its own old value, the one its prior call
//      reported: a change notified inside another [...] reports the value read as it began, and
//      the outer change, notified after it, still reports the value read when the outer one
//      began".
//      - NestedChangePromiseTests/theOuterChangeOfAComputedKeyPathKeepsItsOldValueAfterANestedOne
//      ThreadsQueuesAndActors.md, over `ObservableProperty` values: "each old value is the
//      previous call's new value", nested changes included.
//      - NestedChangePromiseTests/overPropertiesEachOldValueIsThePreviousCallsNewValue
//      And for a chain re-pointed by a handler of the change in flight, which still receives it.
//      - NestedChangePromiseTests/theChangeInFlightReportsTheOldValueItsPriorCallRead
// [P10] OptionsAndChangeValues.md and KeyValueChange.swift: "For an optional property, pass the
//      optional type: a reported `nil` reads as `.some(nil)`"; `newValue(as:)` is "`nil` when
//      it was not reported or is not a `type`".
//      - KeyValueChangeTests/anOptionalPropertysNilReadsAsSomeNil
//      - KeyValueChangeTests/valuesReadBackAsTheObservedTypeAndNoOther
//      - KeyValueChangeTests/aSubclassInstanceReadsAsItsSuperclass
//      - OptionsGuideExampleTests/untypedChangesReadTyped
//      - OptionsTests/observerProtocolReceivesTypedValues
//
// Collections.md, MutableArrayValue.swift, MutableSetValue.swift, Observed.swift (to-many)
//
// [A1] Collections.md and MutableArrayValue.swift: each mutation "notifies one change that
//      carries" `kind`, `indexes` and "only the affected elements, in ascending index order";
//      "A registration on the array property itself receives the element-level change".
//      - ToManyChangeTests/elementMutationsNotifyWithKindsIndexesAndAffectedElements
//      - CollectionsExampleTests/elementLevelChangesReportKindsIndexesAndElements
//      - MigratingFromKVOExampleTests/toManyProxy
// [A2] MutableArrayValue.swift: "Assigning the property directly still notifies as `.setting`"
//      (with `indexes` `nil`).
//      - ToManyChangeTests/elementMutationsNotifyWithKindsIndexesAndAffectedElements
//      - SetMutationTests/assigningThePropertyIsASetting
// [A3] Collections.md: "For an insertion, the positions of the new elements **in the new
//      array**"; "For a removal, the positions of the removed elements **in the array before
//      the removal**"; KeyValueChangeKind.swift says the same.
//      - ToManyChangeTests/insertingAtSeveralIndexesUsesPositionsInTheNewArray
//      - CollectionsExampleTests/insertionIndexesArePositionsInTheNewArray
//      - ToManyChangeTests/elementMutationsNotifyWithKindsIndexesAndAffectedElements
// [A4] Collections.md: "A registration through a computed property or a chain that reads the
//      array receives a `setting` change with the whole old and new values".
//      - CollectionPromiseTests/aDerivedRegistrationReceivesASettingWithWholeValues
// [A5] Collections.md: "`.prior` calls come before the store, with the same kind and indexes."
//      - CollectionPromiseTests/priorCallsOfAnElementChangeCarryItsKindAndIndexes
//      - SetMutationTests/priorObserversGetTheKindAndTheRemovedElementsFirst
// [A6] Collections.md: "The proxy retains the object"; MutableSetValue.swift: "it retains this
//      object".
//      - CollectionPromiseTests/theProxiesRetainTheObject
// [A7] Collections.md and Observed.swift: a mutation through the property runs in place when
//      nobody needs the old value, observers of new values "are then notified once, with the
//      new array", and `mutableArrayValue(for:)` "reports only the inserted, removed or
//      replaced elements".
//      - InPlaceMutationTests/aStructValueStaysUniqueWithNoObserver
//      - InPlaceMutationTests/aStructValueStaysUniqueWithAnObserverOfNewValues
//      - InPlaceMutationTests/appendsWithNoObserverKeepTheBuffer
//      - InPlaceMutationTests/appendsWithAnObserverKeepTheBufferAndNotifyEachWholeValue
//      - InPlaceMutationTests/anAppendInPlaceGivesTheNewArrayOnlyToTheObserversThatAskForIt
//      - InPlaceMutationTests/mutableArrayValueAppendsInPlaceAndReportsOnlyTheInsertedElement
//      - InPlaceMutationTests/anObservableClassMutatesInPlaceAndReportsToObservation
//      Collections.md: a computed key path over the array observed with old values reads its
//      old value before the mutation, which stays in place.
//      - CollectionPromiseTests/appendsStayInPlaceWhileAComputedKeyPathIsObservedWithOldValues
// [A8] Collections.md and Observed.swift: "An observer asking for `.old`, `.prior` or
//      `.removeDuplicates` needs the array from before the mutation, so each mutation then
//      copies the array once".
//      - InPlaceMutationTests/anObserverOfOldValuesMakesTheMutationCopyAndSeesBothValues
//      - InPlaceMutationTests/otherOptionsThatNeedTheOldValueMakeTheMutationCopy
// [A9] Collections.md: set insertions and unions "notify an `insertion` whose new value is the
//      set of the elements actually inserted", removals "a `removal` whose old value is the
//      set of the elements actually removed", with `indexes` `nil`.
//      - SetMutationTests/eachMutationHasItsKindAndElements
// [A10] Collections.md: "A mutation that changes nothing still notifies, as KVO's does: its
//      kind, with an empty set."
//      - SetMutationTests/aMutationThatChangesNothingStillNotifies
// [A11] Collections.md: "Neither proxy changes a property silently": for "a plain array or
//      set [...] the mutation lands in storage notified by hand [...] and the proxy wraps each
//      mutation in a pair [...] so that its observers receive the same kinds, indexes and
//      elements as on an `@Observed` property, prior calls included".
//      - SetMutationTests/aSetThatIsNotObservedIsNotifiedByHand
//      - SetMutationTests/anUnobservedSetIsMutatedWithoutNotifying
//      - CollectionPromiseTests/anArrayThatIsNotObservedIsNotifiedByHand
// [A13] Collections.md: for "a computed property or a chain whose last `@Observed` read is
//      storage of the collection's type [...] Its observers receive one `setting` change per
//      mutation (one prior call, one after call) [...]; the proxy adds no pair of its own."
//      - CollectionPromiseTests/aChainThroughTheArrayProxyIsToldOncePerMutation
//      - CollectionPromiseTests/aComputedCollectionOverObservedStorageIsToldOncePerMutation
// [A14] Collections.md: the proxy "mutates without a pair exactly when the last `@Observed`
//      storage the getter reads holds a value of the collection's own type; otherwise it wraps
//      each mutation in a pair", as for "a chain whose last link is one of these
//      (`\.holder.box.tags`, where `box` is `@Observed` and its `tags` a plain set)".
//      - CollectionPromiseTests/aChainEndingInACollectionNotifiedByHandIsNotifiedThroughAPair
// [A12] Collections.md and KeyValueObservable+ManualNotification.swift: the indexed pair
//      reports the kind and indexes, "old: the element that was at 0, read at willChange";
//      "Indexes past the end are reported but read nothing."
//      - ManualNotificationTests/theIndexedFormReportsKindIndexesAndElements
//      - ManualNotificationTests/indexesPastTheEndReadNothingAndDoNotTrap
//
// KeyValueObservable+ManualNotification.swift, KeyValueObservable.swift, MigratingFromKVO.md
// (manual notification and declared dependencies)
//
// [M1] `willChangeValue(for:)`: "Any key path works: a computed property backed by something
//      that is not `@Observed` [...], a plain stored property, or an `@Observed` property,
//      which a pair notifies as a set does."
//      - ManualNotificationTests/aComputedPropertyOverACacheNotifiesThroughAPair
//      - ManualNotificationTests/aPlainStoredPropertyIsObservableAndRemovable
//      - ManualNotificationTests/aPairOnAnObservedPropertyNotifiesAsASet
//      - DeclaredDependencyTests/aManualPairOnADerivedKeyPathNotifiesItsObservers
// [M2] `willChangeValue(for:)`: "The value is read now: `.prior` observers receive their call
//      with it as the old value, and `didChangeValue(for:)` reports it as the old value."
//      - ManualNotificationTests/aSetInsideAPairForTheSameKeyPathJoinsThePair
//      - ManualNotificationTests/aComputedPropertyOverACacheNotifiesThroughAPair
// [M3] `willChangeValue(for:)` and MigratingFromKVO.md: "Pairs nest [...] one prior call at its
//      outermost `willChangeValue` and one notification at its outermost `didChangeValue`."
//      - ManualNotificationTests/nestedPairsOfOneKeyPathNotifyOnceAtTheOutermostLevel
//      Also for a computed key path re-wired inside the pair of a property it reads.
//      - ReentrancyPromiseTests/aComputedObservationRewiredInsideAPairGetsThePairsNotification
//      - ReentrancyPromiseTests/aComputedObservationRewiredInsideAPairBeforeItsTurnGetsThePairsPriorCall
// [M4] `willChangeValue(for:)`: "A set of an `@Observed` property made inside a pair for the
//      same key path joins the pair and sends no notification of its own".
//      - ManualNotificationTests/aSetInsideAPairForTheSameKeyPathJoinsThePair
// [M5] `didChangeValue(for:)`: "(after the observers of inner pairs of other key paths, which
//      notified when their own pairs ended)".
//      - ManualNotificationTests/nestedPairsOfDifferentKeyPathsNotifyInnerFirst
// [M6] `didChangeValue(for:)`: "A call without a matching `willChangeValue(for:)` does
//      nothing."
//      - ManualNotificationTests/aDidChangeWithoutItsWillChangeDoesNothing
// [M7] KeyValueObservable.swift (`keyPathsForValuesAffectingValue(for:)`): what the getter
//      reads "is learned at every evaluation, the branch it takes included, so a
//      short-circuiting getter [...] needs no declaration"; MigratingFromKVO.md: "a set of
//      `count`, which cannot change the value then, notifies no one"; a declared dependency
//      still notifies, whether the getter skips it or reads it through storage that is not
//      `@Observed` (notified by hand).
//      - DeclaredDependencyTests/aShortCircuitedGetterWithNothingDeclaredFollowsTheBranchItTakes
//      - DeclaredDependencyTests/aDependencyTheGetterSkipsStillNotifies
//      - DeclaredDependencyTests/aDependencyNotifiedByHandNotifies
//      - MigratingFromKVOExampleTests/aDependencyNotifiedByHandIsDeclared
// [M8] KeyValueObservable.swift: declared dependencies are "not consulted for a key path that
//      names an `@Observed` property itself".
//      - DependencyPromiseTests/declaredDependenciesOfAnObservedPropertyAreIgnored
//
// Bindings.md, KeyValueObservable+Binding.swift (bindings)
//
// [B1] Bindings.md and `bind(_:to:_:transform:)`: "The current value is pushed at once, then
//      every change, synchronously on the thread that sets the source"; the target "can be any
//      class".
//      - BindingTests/oneWayBindingPushesAtOnceFollowsAndEndsWithTheTarget
//      - BindingsExampleTests/oneWayBindingsPushFollowAndStop
// [B2] Bindings.md: "The target is held weakly [...] once the target deallocates the binding
//      neither runs nor counts in `observerCount(for:)`."
//      - BindingTests/bindingDoesNotRetainTheTarget
//      - BindingTests/oneWayBindingPushesAtOnceFollowsAndEndsWithTheTarget
//      - BindingLeakTests/aOneWayBindingHoldsNeitherItsTargetNorItsSource
//      - BindingLeakTests/derivedBindingTokenStaysValidAfterTheTargetDeallocates
// [B3] Bindings.md: "The binding ends when its token is invalidated or dropped, or when the
//      source deallocates."
//      - BindingLeakTests/endingAOneWayBindingFreesWhatItsTransformCaptured
//      - BindingLeakTests/aOneWayBindingHoldsNeitherItsTargetNorItsSource
//      - BindingsExampleTests/oneWayBindingsPushFollowAndStop
// [B4] Bindings.md: "The receiver's value is pushed to the other side at once; after that a
//      change on either side is written to the other side once, and the write does not echo
//      back"; "Each side is set exactly once per change, so each side's own observers see
//      exactly one change."
//      - BindingsExampleTests/twoWayBindingCrossesOnceEachWay
//      - BindingTests/twoWayBindingCrossesOnceInEachDirection
// [B5] Bindings.md: two-way "Both objects are held weakly; the binding ends with its token or
//      when either side deallocates."
//      - BindingLeakTests/aTwoWayBindingEndsWithEitherSide
//      - BindingLeakTests/droppingATwoWayBindingsTokenEndsBothDirections
// [B6] `bind(_:twoWayTo:_:)`: "A side that changes again while the binding writes to it [...]
//      sends that change back, so both sides end equal."
//      - TwoWayNormalizingBindingTests/bothSidesEndAtTheNormalizedValue
//      - TwoWayBindingSettlingTests/aComputedSideThatStoresTwiceEndsEqualToTheValueWritten
//      - TwoWayBindingSettlingTests/aComputedSideThatStoresTwiceEndsEqualToAnObservablePropertysValue
//      - TwoWayBindingSettlingTests/aNormalizedComputedSideCrossesBackOnce
// [B7] `bind(_:twoWayTo:_:)`: a later notification is skipped "when it matches a write still
//      waiting: by value when `Value` is `Equatable` (NaN matching NaN), else the first one".
//      - TwoWayNormalizingBindingTests/bindingANonEquatableValueSkipsOnlyTheEcho
//      - TwoWayBindingSettlingTests/aNaNCrossesOnceBetweenTwoKeyPaths
//      - TwoWayBindingSettlingTests/aNaNCrossesOnceFromAnObservableProperty
// [B8] Bindings.md: "The source key path may be a computed property or a chain".
//      - BindingsExampleTests/oneWayBindingsPushFollowAndStop
//      - BindingLeakTests/aOneWayBindingHoldsNeitherItsTargetNorItsSource
// [B9] Bindings.md and `bind(_:to:_:transform:)`: a binding made on an actor "belongs to that
//      actor [...] a change of the source made off the actor traps".
//      - IsolationTests/aTransformAndABindingMadeOnTheMainActorPushOnSameActorSets
//      - IsolationTests/aMainActorBindingTrapsOnASetOffTheMainActor
//
// AsyncSequences.md, KeyValueObservable+AsyncSequence.swift, KeyValueObservationSequence.swift
//
// [S1] AsyncSequences.md: "`values(for:)` yields the current value, then each new value."
//      - AsyncSequenceTests/valuesStartWithTheCurrentValueThenEachNewOne
//      - AsyncSequencesGuideExampleTests/everyValueInOrder
// [S2] AsyncSequences.md: `changes(for:options:)` reports "the values `options` asks for
//      (`.new` by default; with `.initial`, the current value first)".
//      - SequencePromiseTests/changesReportNewValuesByDefaultAndTheCurrentValueFirstWithInitial
// [S3] AsyncSequences.md: "The registration is made when you call the method, so nothing set
//      after the call is missed, even before the loop starts. Values are buffered until the
//      consumer takes them; none is coalesced with another".
//      - AsyncSequenceTests/valuesStartWithTheCurrentValueThenEachNewOne
//      - AsyncSequenceTests/valuesSetOnAnotherThreadArriveInOrder
//      - AsyncSequencesGuideExampleTests/everyValueInOrder
// [S4] AsyncSequences.md: "When the observed object deallocates, the consumer receives what is
//      buffered, then `nil`."
//      - AsyncSequenceTests/sequenceEndsWhenTheObjectDeallocates
//      - AsyncSequencesGuideExampleTests/aSequenceEndsWithItsObject
// [S5] AsyncSequences.md: "Cancelling the consuming task [...] ends the loop and removes the
//      registration."
//      - AsyncSequenceTests/cancellingTheConsumerRemovesTheRegistration
//      - AsyncSequenceTests/aCancelledConsumerReceivesNothingMore
//      - SequenceLeakTests/aCancelledConsumerEndsTheRegistrationAndFreesTheBuffer
// [S6] AsyncSequences.md: "Dropping the sequence and its iterator removes the registration too."
//      - AsyncSequenceTests/droppingTheSequenceRemovesTheRegistration
//      - SequenceLeakTests/anAbandonedSequenceEndsTheRegistrationAndFreesTheBuffer
// [S7] AsyncSequences.md: "The sequence does not retain the observed object."
//      - SequenceLeakTests/aFinishedSequenceFreesTheObjectAndItsBufferedElements
// [S8] AsyncSequences.md and KeyValueObservationSequence.swift: "a second iterator waiting at
//      the same time receives `nil`".
//      - SequencePromiseTests/aSecondIteratorWaitingAtTheSameTimeReceivesNil
//
// SwiftObservationAndSwiftUI.md, KeyValueObservable.swift (Swift Observation)
//
// [I1] SwiftObservationAndSwiftUI.md: "The first later change of a registered property calls
//      `onChange` once, when the set begins [...]; changes of properties that were not read do
//      not".
//      - ObservationInteropTests/trackingABadgeValueFiresOnceForItsSetAndNotForAnotherProperty
// [I2] SwiftObservationAndSwiftUI.md: "a change of either `title` or `badgeValue` fires a
//      tracking that read `summary`".
//      - ObservationInteropTests/trackingAComputedPropertyFiresWhenEitherPropertyIsSet
// [I3] SwiftObservationAndSwiftUI.md: `Observations` "yields the current title first. Two sets
//      separated by a suspension yield two values".
//      - ObservationInteropTests/observationsYieldEachValueSetAcrossASuspension
// [I4] SwiftObservationAndSwiftUI.md: "An Observation tracking and a KVO-style observer of the
//      same property each see one change per set"; KeyValueObservable.swift: "KVO-style
//      observers keep working on the same properties".
//      - ObservationInteropTests/aKeyValueObserverAndATrackerOnOnePropertyBothSeeOneChange
// [I5] SwiftObservationAndSwiftUI.md: "A class that does not conform pays nothing: no
//      registrar" (it is not tracked).
//      - ObservationInteropTests/aClassThatIsNotObservableIsNotTracked
// [I6] SwiftObservationAndSwiftUI.md and KeyValueObservable.swift: "subclasses inherit both
//      conformances"; "a subclass that adds `Observable` to a superclass that does not conform
//      is not tracked by Observation at all".
//      - ObservationInteropSubclassTests/aSubclassOfAnObservableRootIsTracked
//      - ObservationInteropSubclassTests/addingObservableToASubclassOfANonObservableRootTracksNothing
// [I7] SwiftObservationAndSwiftUI.md: "Storing a value equal to the current one [...] tells
//      Observation nothing".
//      - ObservationFidelityTests/trackersFireForTheSameSets
//      - ObservationFidelityTests/observationsYieldsNoDuplicateForAnEqualSet
// [I8] SwiftObservationAndSwiftUI.md: "a set made there [in `onChange`] is treated as one made
//      from a `.prior` handler [...] the property then reads the one they were told last."
//      - ObservationFidelityTests/aSetFromOnChangeIsWhatThePropertyReadsAndWhatObserversWereToldLast
//      - ObservationFidelityTests/aSetFromOnChangeDuringAQueuedSetIsStoredAfterIt
// [I9] SwiftObservationAndSwiftUI.md: "Observing sends `.prior` calls first, then
//      Observation's `willSet` (`onChange`), then stores, then Observation's `didSet`, then the
//      KVO-style calls."
//      - InteropPromiseTests/priorCallsThenOnChangeThenTheStoreThenTheAfterCalls
//
// MulticastDelegate.swift, WeakBox.swift (weak delegates)
//
// [D1] MulticastDelegate.swift: "Delegates are not retained; those that deallocate are skipped
//      and pruned"; "Delegates are called in the order they were added"; `add` "unless it is
//      already in the list".
//      - WeakDelegateTests/multicastDelegateCallsEachLiveDelegateInOrderAndPrunesDeadOnes
//      - WeakDelegateTests/addingTenThousandDelegatesKeepsOrderAndRemovesByIdentity
//      - WeakDelegatePromiseTests/addingTwiceRemovingAndPruningAgreeScannedOrIndexed
// [D2] MulticastDelegate.swift: "a delegate removed during an invocation receives nothing
//      more, one added during it is first called by the next invocation"; `remove` returns
//      "`true` if it was in the list".
//      - WeakDelegateTests/delegateRemovedDuringInvokeIsNotCalledAndOneAddedIsCalledNextTime
//      - WeakDelegatePromiseTests/aDelegateReleasedDuringAnInvocationIsNotCalled
// [D3] MulticastDelegate.swift: "Adding and removing are safe from any thread".
//      - ConcurrencyTests/multicastDelegateIsSafeFromSeveralThreads
// [D4] WeakBox.swift: "The box never retains its object. `value` is `nil` once the object has
//      deallocated."; `refers(to:)` "`true` if the boxed object is `other`".
//      - WeakDelegateTests/weakBoxHoldsAClassBoundExistentialWithoutRetainingIt
//      - WeakDelegateTests/weakBoxOfASendableObjectCrossesToAnotherTask
// [D5] WeakBox.swift: "A value that is not an object (a struct, an enum) is boxed by Swift and
//      released at once, so `value` reads `nil`".
//      - WeakDelegatePromiseTests/aBoxedValueThatIsNotAnObjectReadsNil
// [D6] MulticastDelegate.swift: "Each delegate is held strongly while it is called: one whose
//      last other reference goes during its call lives until the call returns."
//      - WeakDelegatePromiseTests/aDelegateReleasedDuringItsOwnCallLivesUntilTheCallReturns
