// The promise index of TabBarModel (issue 22, item 1: every documented promise is a test).
//
// One row per behavioural promise of Sources/TabBarModel/TabBarModel.docc/*.md and of the
// public doc comments of Sources/TabBarModel/*.swift: the source file, a short quote, and the
// tests (`Suite/test`) that check it. PromiseIndexTests checks that every test named here
// exists. Untested promises are listed at the end, with the reason.
//
// | source | promise | tests |
// |---|---|---|
// BADGES
// | BadgeView.swift | "`content` is `.hidden` for `nil`, "" and "0"" | BadgeViewTests/badgeSequenceHidesTextsAndDots, BadgePromiseTests/onlyNilEmptyAndZeroHide |
// | BadgeView.swift | "`.text(value)` ... when the text's width ... is at most the image's width; `.dot` ... otherwise" | BadgeViewTests/defaultMeasurerFitsUpToThreeDigitsOnTheMainBadge, BadgePromiseTests/longTextIsADotAndTextAsWideAsTheImageIsText |
// | BadgeView.swift | "The view sizes itself to the image it shows and is hidden with no content." | BadgeViewTests/badgeSizesToTheImageItShows, BadgePromiseTests/aNewDotImageResizesAShownDot |
// | BadgeView.swift | example: "5" is .text("5"), 20 x 20 pt; "1000" is .dot, 10 x 10 pt | BadgeViewTests/badgeSizesToTheImageItShows, BadgeViewTests/defaultMeasurerFitsUpToThreeDigitsOnTheMainBadge |
// | BadgeView.swift | "`content` is `@Observed`." (only real changes notify) | BadgeViewTests/badgeSequenceHidesTextsAndDots, BadgePromiseTests/contentIsObservableAndTheSizeFitsWhenObserversRun |
// | BadgeView.swift | "The default background image, "main_badge", 20 x 20 pt." / "The default dot image, "new_dot", 10 x 10 pt." / "the 11 pt system font unless set" | BadgeViewTests/defaultMeasurerFitsUpToThreeDigitsOnTheMainBadge |
// | BadgeView.swift | backgroundImage: "Its width is the widest text that is shown as text." | BadgePromiseTests/aWiderBackgroundImageFitsMoreText |
// | BadgeView.swift | font: the width is measured "in `font`" | BadgePromiseTests/theFontDecidesTheWidth |
// | BadgeView.swift | "Measures the text to decide between text and dot; `SystemTextMeasurer()` unless set." | BadgeViewTests/pluggedMeasurerDecides |
// | BadgeView.swift | "Creates a hidden badge." / "`sizeToFit()` is applied whenever the content changes." | BadgePromiseTests/aBadgeStartsHiddenAndResizesOnEachContentChange, ViewTests/sizeToFitUsesSizeThatFits |
// | BadgeView.swift | sizeThatFits: "the background image for text, the dot image for a dot, zero when hidden" | BadgeViewTests/badgeSizesToTheImageItShows, ViewTests/sizeToFitUsesSizeThatFits |
// | TabBarItem.swift | badgeValue: "`nil`, "" and "0" hide the badge." | BadgePromiseTests/anItemsZeroOrEmptyBadgeHidesItsButtonsBadge |
// | BuildingAnAppShell.md | "A ``BadgeView`` is hidden for `nil`, `""` and `"0"`, shows short text ..., and shows a dot when the text is wider than the image." | BadgeViewTests/badgeSequenceHidesTextsAndDots |
// | BuildingAnAppShell.md | "a precise measurer can be plugged in per badge" | BadgeViewTests/pluggedMeasurerDecides |
// TEXT MEASUREMENT
// | SystemTextMeasurer.swift | the advance table (digits 0.56, capitals 0.66, lower case 0.52, space 0.26, other ASCII 0.34, CJK/kana/Hangul/full-width/emoji 1.0, else 0.6 em) | BadgeViewTests/systemMeasurerWidths, TextMeasurementPromiseTests/eachCharacterClassHasItsAdvance |
// | SystemTextMeasurer.swift | "Each character (grapheme cluster) is classified by its first Unicode scalar" | TextMeasurementPromiseTests/aGraphemeClusterIsOneCharacterClassifiedByItsFirstScalar |
// | SystemTextMeasurer.swift | "an 11 pt "999" is ... 18.48 pt, which fits the 20 pt badge image, and "1000" is 24.64 pt, which does not" | TextMeasurementPromiseTests/theDocumentedBadgeWidths, BadgeViewTests/defaultMeasurerFitsUpToThreeDigitsOnTheMainBadge |
// | SystemTextMeasurer.swift | "The width is the sum of the advances" (times the point size) | TextMeasurementPromiseTests/widthScalesWithTheFontSize, BadgeViewTests/systemMeasurerWidths |
// | TextMeasuring.swift | "line breaks are measured as ordinary characters" | TextMeasurementPromiseTests/aLineBreakIsMeasuredAsACharacter |
// LIVE FLOW FROM ITEMS
// | TabBarItem.swift | "Every property is `@Observed`: a `TabBarButton` bound to the item follows each change at once, and so can any observer." | ItemFlowPromiseTests/everyItemPropertyIsObservable, TabBarButtonTests/followsEveryItemPropertyLive |
// | TabBarItem.swift | init parameters "`nil` by default" | ItemFlowPromiseTests/anItemStartsEmpty |
// | TabBarItem.swift | selectedImage: "`nil` falls back to `image`." | TabBarButtonTests/followsEveryItemPropertyLive, ItemFlowPromiseTests/theSelectedTabShowsItsSelectedImage |
// | TabBarButton.swift | "registers with its item ... for `title`, `image`, `selectedImage` and `badgeValue`" | TabBarButtonTests/replacingOrDroppingTheItemRemovesEveryRegistration, LeakTests/aButtonIsFreedAndLeavesNoRegistrationOnItsItem |
// | TabBarButton.swift | "Replacing or dropping `item` removes every registration it made" | TabBarButtonTests/replacingOrDroppingTheItemRemovesEveryRegistration, LeakTests/aButtonReleasesTheItemItRetains |
// | TabBarButton.swift | "the item holds the button weakly and the button holds the item strongly" | TabBarButtonTests/aDroppedButtonLeavesNoRegistrationAndIsReleased, ItemFlowPromiseTests/theButtonRetainsItsItem |
// | TabBarButton.swift | "Titles are black when normal and orange when selected, in the 12 pt system font." / "never highlighted" | TabBarButtonTests/titleColoursFontAndNoHighlight |
// | TabBarButton.swift | "The normal image is the item's `image`, the selected image its `selectedImage`." | TabBarButtonTests/followsEveryItemPropertyLive, ItemFlowPromiseTests/theSelectedTabShowsItsSelectedImage |
// | TabBarButton.swift | "`imageFrame` is the top 70 % of the bounds; `titleFrame` starts 3 pt above the image's bottom ...; the badge sits at x = width - badge width - 10, y = 0" | TabBarButtonTests/layoutOfA75By49Button, ItemFlowPromiseTests/aBadgeChangeFlowsIntoTheBarsButtonAndItsLayout |
// | TabBarButton.swift | example: "item.title = "Inbox" // button.currentTitle == "Inbox" at once" | TabBarButtonTests/followsEveryItemPropertyLive |
// | TabBarButton+Observation.swift | "Changes of an item the button no longer shows are ignored." | TabBarButtonTests/replacingOrDroppingTheItemRemovesEveryRegistration, ItemFlowPromiseTests/theOldItemsBadgeNoLongerReachesTheButton |
// | TabBarModel.md | "a change flows at once from the item to the button and its ``BadgeView``" | ItemFlowPromiseTests/aBadgeChangeFlowsIntoTheBarsButtonAndItsLayout, TabBarControllerTests/barItemsAreTheChildrensTabBarItems |
// | TabBarModel.md / BuildingAnAppShell.md | the Tabs example ("5" is .text("5"); "1000" is .dot; tap selects messages; plus presents "Compose") | ReadmeExampleTests/tabBarExample |
// | BuildingAnAppShell.md | "replacing or dropping the item removes every registration it made, and a deallocated button's registrations disappear with it" | TabBarButtonTests/replacingOrDroppingTheItemRemovesEveryRegistration, LeakTests/aButtonIsFreedAndLeavesNoRegistrationOnItsItem |
// | TabBarController.swift | "each item's title, images and badge stay live" | ItemFlowPromiseTests/aChildsItemTitleAndImagesFlowIntoTheShellsBar, TabBarControllerTests/barItemsAreTheChildrensTabBarItems |
// | TabBarController.swift | "assigning a child a new `tabBarItem` rebuilds the bar, keeping the selection" | TabBarControllerTests/replacingAChildsTabBarItemRebuildsTheBarAndKeepsTheSelection, TabBarControllerTests/replacingTheSelectedChildsTabBarItemKeepsItsStack |
// | ViewController.swift | tabBarItem: "At first an item titled with the controller's initial title." | ItemFlowPromiseTests/theInitialItemHasTheInitialTitleOnly |
// NAVIGATION STACK
// | NavigationController.swift | "The stack always holds its root." / "it is never popped" | NavigationStackTests/popAndPopToRoot, NavigationStackTests/pushingAControllerAlreadyInTheStackIsRefused |
// | NavigationController.swift | "`topViewController` ... the root when nothing is pushed" | NavigationStackTests/popAndPopToRoot |
// | NavigationController+Stack.swift | push: "Its view replaces the previous top's view in the container; the previous controller stays in the stack." | NavigationStackTests/containerHoldsExactlyTheTopControllersView |
// | NavigationController+Stack.swift | push: "gets `hidesBottomBarWhenPushed = true`, a back item on the left ... and a "more" item on the right" | NavigationBarTests/pushedControllerGetsBackAndMoreItems, BottomBarTests/pushHidesTheBottomBarAndEnablesThePopGesture |
// | NavigationController+Stack.swift | push: "... replacing its navigation item's left and right items" | NavigationStackPromiseTests/pushReplacesTheItemsOwnLeftAndRightItems |
// | NavigationController+Stack.swift | push: the back item "pops one", the more item "pops to the root" | NavigationBarTests/pushedControllerGetsBackAndMoreItems, NavigationStackTests/poppedControllersAreReleased, BuildingAnAppShellExampleTests/navigationExample |
// | NavigationController+Stack.swift | push "Refused ... when the controller is already in this stack" | NavigationStackTests/pushingAControllerAlreadyInTheStackIsRefused |
// | NavigationController+Stack.swift | push "Refused ... has any other parent, ... is a navigation controller, or contains this one" | NavigationStackTests/pushingAControllerOfAnotherContainerIsRefused, NavigationStackPromiseTests/aRefusedPushLeavesTheControllerUntouched |
// | NavigationController+Stack.swift | push "Refused ... is presented" | NavigationStackPromiseTests/pushingAPresentedControllerIsRefused |
// | NavigationController+Stack.swift | pop: "The popped controller is released by the stack; the new top's view is shown. The root is never popped." / "`nil` at the root" | NavigationStackTests/popAndPopToRoot, NavigationStackTests/poppedControllersAreReleased, NavigationStackTests/containerHoldsExactlyTheTopControllersView |
// | NavigationController+Stack.swift | pop(to:): "bottom first; empty when ... already on top; `nil` (stack untouched) when it is not in the stack" / "one change of `viewControllers`" | NavigationStackTests/popToReturnsNilEmptyOrThePoppedControllers |
// | NavigationController+Stack.swift | popToRoot: "The popped controllers, bottom first; empty at the root." | NavigationStackTests/popAndPopToRoot |
// | NavigationController.swift | "a change of the stack is one change of `viewControllers`, however many controllers it moves" | NavigationStackPromiseTests/eachPushAndPopIsOneChange, NavigationStackTests/popToReturnsNilEmptyOrThePoppedControllers |
// | NavigationController.swift | "The controller retains the stack; each child refers back weakly (`parent`), and every observation and bar button action captures the controller weakly" | NavigationStackPromiseTests/theStackIsRetainedAndChildrenReferBackWeakly, LeakTests/aNavigationControllerIsFreedWithItsStackAndLeavesNoRegistration |
// | NavigationController.swift | isBottomBarHidden: "as the top controller's `hidesBottomBarWhenPushed` asks"; observable | BottomBarTests/pushHidesTheBottomBarAndEnablesThePopGesture, NavigationStackPromiseTests/theRootsHidesBottomBarWhenPushedCountsToo |
// | NavigationController.swift | isInteractivePopGestureEnabled: "of a stack with more than one controller; observable" | BottomBarTests/pushHidesTheBottomBarAndEnablesThePopGesture |
// | NavigationController.swift | makeView: "the navigation bar at y = 20, 44 pt tall, full width, and the container ... below it" | NavigationBarTests/barIsLaidOutBelowTheStatusBar, NavigationStackTests/containerHoldsExactlyTheTopControllersView |
// | ViewController.swift | hidesBottomBarWhenPushed: "`false` at first" | NavigationStackPromiseTests/hidesBottomBarWhenPushedIsFalseAtFirst |
// | ViewController+Navigation.swift | navigationController: "The nearest ancestor that is a navigation controller ...; `nil` once popped." | NavigationStackTests/popAndPopToRoot, NavigationStackPromiseTests/aPushedControllerFindsTheShellThroughItsStack |
// | ViewController.swift | tabBarController: "The nearest ancestor that is a tab bar controller" | TabBarControllerTests/barItemsAreTheChildrensTabBarItems, NavigationStackPromiseTests/aPushedControllerFindsTheShellThroughItsStack |
// | BuildingAnAppShell.md | the Navigation example (push returns true and prints "tab bar hidden: true"; bar title "Message"; back title "Inbox"; back item pops) | BuildingAnAppShellExampleTests/navigationExample |
// NAVIGATION BAR AND ITEMS
// | NavigationBar.swift | title: "the item's title, else the controller's" / titleView, leftItems, rightItems follow live | NavigationBarTests/barShowsTheTopItemLive, NavigationBarPromiseTests/theBarFollowsTheTopsRightItemsLive |
// | NavigationBar.swift | backButtonTitle: "the previous controller's back item title, else its title" / "`nil` at the root" | NavigationBarTests/backTitleIsThePreviousControllersTitle, NavigationBarPromiseTests/aBackItemWithoutATitleFallsBackToTheControllersTitle |
// | NavigationBar.swift | ""Back" when that is `nil` or wider than a third of the bar" | NavigationBarTests/backTitleIsBackWhenMissingOrTooWide |
// | NavigationBar.swift | "A bar not yet given a width limits nothing; its controller checks again after each layout." | NavigationBarPromiseTests/aBarWithoutAWidthKeepsALongBackTitleUntilLaidOut |
// | NavigationBar.swift | "Every one of them is `@Observed`, and each is set only when it changes." | NavigationBarPromiseTests/barPropertiesNotifyOnlyOnChange, NavigationBarTests/barShowsTheTopItemLive |
// | NavigationBar.swift | "The bar sits 20 pt below the top ...; its `backgroundView` reaches up to the top of that view." | NavigationBarTests/barIsLaidOutBelowTheStatusBar |
// | NavigationBar.swift | "Custom views of the items and the title view are subviews, laid out from the edges inwards 8 pt apart and centred" | NavigationBarTests/barShowsTheTopItemLive, NavigationBarTests/pushedControllerGetsBackAndMoreItems, NavigationBarPromiseTests/itemViewsAreLaidOutFromTheEdgesInwards, NavigationBarPromiseTests/viewsLeaveTheBarWithTheirItems |
// | NavigationItem.swift | "`title`; `nil` falls back to the controller's `title`." | NavigationBarTests/barShowsTheTopItemLive |
// | NavigationItem.swift | "The items on the right, right to left as in UIKit" | NavigationBarPromiseTests/itemViewsAreLaidOutFromTheEdgesInwards |
// | NavigationItem.swift | backBarButtonItem: "The item whose title the next controller's back button shows; `nil` shows this controller's title." | NavigationBarTests/backTitleIsThePreviousControllersTitle |
// | NavigationItem.swift | leftBarButtonItem / rightBarButtonItem: "setting it replaces all ... items with it (or none for `nil`)" | NavigationBarPromiseTests/settingTheSingleItemReplacesAll |
// | BarButtonItem.swift | "Runs the action, as a touch on the item does." / image init: "a custom `Button` view ..., sized to the normal image" | NavigationBarPromiseTests/barButtonItemsRunTheirActionAndBuildTheirButton, NavigationBarTests/pushedControllerGetsBackAndMoreItems |
// TAB BAR: LAYOUT, HIT TESTING, SELECTION, DELEGATE
// | TabBar.swift | "the bounds are cut into `items.count + 1` equal slots; the buttons fill them left to right, skipping slot `items.count / 2`, in whose centre the plus button sits, sized to its background image" | TabBarLayoutTests/fourItemsOnA375By49Bar, TabBarLayoutTests/oddItemCountCentresPlusInItsSlot, TabBarPromiseTests/slotsForOneAndFiveItems |
// | TabBar.swift | example: "bar.buttons[2].frame // (225, 0, 75, 49)" / "hitTest(CGPoint(x: 187.5, y: 24.5)) // .plusButton" | TabBarLayoutTests/fourItemsOnA375By49Bar, TabBarInteractionTests/fourItemsHaveSlotsWithPlusInTheMiddle |
// | TabBar.swift | "Creates an empty bar with the plus button." / plus button "64 x 44 pt" | TabBarPromiseTests/anEmptyBarHasOnlyThePlusButtonCentred |
// | TabBar.swift | items: "replaces every button with a new one per item, selects index 0 and calls the delegate's `tabBar(_:didSelectItemAt:)` with 0 (unless the new list is empty)" | TabBarLayoutTests/settingItemsReplacesButtons, TabBarInteractionTests/settingItemsSelectsTheFirstAndTellsWithoutAsking, LeakTests/rebuildingATabBarFreesTheOldButtons |
// | TabBar.swift | "The buttons, one per item, in item order." | TabBarPromiseTests/buttonsAreInItemOrder |
// | TabBar.swift | "`selectedIndex` and `items` are observable." | TabBarInteractionTests/settingSelectedIndexInCodeNeverSelectsPlus, TabBarPromiseTests/itemsAreObservable |
// | TabBar.swift | selectedIndex: "0 when there are no items" / selectedItem: "`nil` when there are no items" | TabBarPromiseTests/anEmptyBarSelectsIndexZeroAndNoItem |
// | TabBar.swift | selectedIndex: "selects that button without telling the delegate ...; an index outside `items` is ignored. It never selects the plus button." | TabBarInteractionTests/settingSelectedIndexInCodeNeverSelectsPlus |
// | TabBar.swift | "The delegate told about selections and plus-button taps; not retained." | TabBarInteractionTests/delegateMethodsAreOptionalAndTheDelegateIsWeak, LeakTests/aTabBarDoesNotRetainItsDelegate |
// | TabBar+Interaction.swift | tapButton: "asks ... `tabBar(_:shouldSelectItemAt:)`, then selects the button, deselects the previous one and calls ... `tabBar(_:didSelectItemAt:)`, also when it was already selected" | TabBarInteractionTests/twoItemsHaveSlotsItemPlusItem, TabBarInteractionTests/reTappingTheSelectedButtonAsksAndTellsAgain |
// | TabBar+Interaction.swift | tapButton: "Ignored, without asking the delegate, while the bar or that button is hidden ... and for an index outside `items`." | TabBarInteractionTests/aHiddenBarTakesNoTaps, TabBarInteractionTests/tappingAnInvalidIndexIsIgnored |
// | TabBar+Interaction.swift | "When the delegate refuses, nothing changes." | TabBarInteractionTests/aRefusedTapChangesNothing |
// | TabBar+Interaction.swift | tapPlusButton: "calls ... `tabBarDidTapPlusButton(_:)`; the selection is unchanged. Ignored while the bar or the plus button is hidden." | TabBarInteractionTests/twoItemsHaveSlotsItemPlusItem, TabBarInteractionTests/aHiddenBarTakesNoTaps |
// | TabBar+Interaction.swift | tap(at:): "Taps what `hitTest(_:)` finds at `point`" / "`nil` if the point hits nothing" | TabBarInteractionTests/fourItemsHaveSlotsWithPlusInTheMiddle, TabBarPromiseTests/tapAtAPointTapsThePlusButtonOrNothing |
// | TabBar+Interaction.swift | hitTest: "front-most first ...: the plus button, else the button whose frame contains the point" | TabBarInteractionTests/twoItemsHaveSlotsItemPlusItem, TabBarPromiseTests/thePlusButtonWinsWhereItOverlapsAButton |
// | TabBar+Interaction.swift | hitTest: "Uses the frames of the last layout pass" | TabBarPromiseTests/hitTestingUsesTheLastLayoutPass |
// | TabBar+Interaction.swift | hitTest: "hidden views and points outside the bounds hit nothing" | TabBarInteractionTests/pointsOutsideOrOnAHiddenBarHitNothing, TabBarPromiseTests/hiddenButtonsHitNothing |
// | TabBarDelegate.swift | "Every method is optional" / "A tab bar holds its delegate weakly." | TabBarInteractionTests/delegateMethodsAreOptionalAndTheDelegateIsWeak |
// | TabBarDelegate.swift | shouldSelect: "Asked before every tap ..., also when that button is already selected; not asked when `items` or `selectedIndex` is set in code." | TabBarInteractionTests/reTappingTheSelectedButtonAsksAndTellsAgain, TabBarInteractionTests/settingItemsSelectsTheFirstAndTellsWithoutAsking, TabBarInteractionTests/settingSelectedIndexInCodeNeverSelectsPlus |
// | TabBarDelegate.swift | didSelect: "became selected, by a tap or because the bar's `items` were set" | TabBarInteractionTests/settingItemsSelectsTheFirstAndTellsWithoutAsking |
// | TabBarDelegate.swift | didTapPlus: "the selection is unchanged" | TabBarInteractionTests/twoItemsHaveSlotsItemPlusItem |
// TAB BAR CONTROLLER
// | TabBarController.swift | "The bar's items are the children's `tabBarItem`s" / init: "with the first selected" | TabBarControllerTests/barItemsAreTheChildrensTabBarItems |
// | TabBarController.swift | "A tap on a button first asks the `delegate`; then it selects the child and shows its view" | TabBarControllerTests/tappingSelectsTheChildAndShowsItsView, TabBarControllerTapTests/aRefusedTapChangesNothing |
// | TabBarController.swift / BuildingAnAppShell.md | "Tapping the selected tab again pops its navigation stack to the root" | TabBarControllerTapTests/reTappingTheSelectedTabPopsItsStackToTheRoot, BuildingAnAppShellExampleTests/reTapAndDelegateExample, TabBarControllerPromiseTests/aReTapAtTheRootChangesNothing |
// | TabBarController+Taps.swift | "a child that is no `NavigationController` stays as it is" | TabBarControllerTapTests/reTappingANonNavigationChildAsksAndChangesNothing |
// | TabBarController.swift | "The plus button presents the controller `makeComposeViewController` makes." / "By default a controller titled "Compose"" / "unless one is presented" | TabBarControllerTests/plusButtonPresentsComposeAndDismissReleasesIt, TabBarControllerPromiseTests/thePlusButtonPresentsWhatTheFactoryMakes |
// | TabBarController.swift | "`isTabBarHidden` follows its `isBottomBarHidden`; the hidden bar takes no taps" | BottomBarTests/tabBarFollowsTheSelectedNavigationController, TabBarControllerTapTests/aHiddenTabBarTakesNoTaps, TabBarControllerPromiseTests/theTabBarShowsAgainWhenThePushedScreenAsks |
// | TabBarController.swift | "the bar's delegate (this controller) and the controller's `delegate` are weak, and its observations capture it weakly, so dropping the controller releases everything" | TabBarControllerTests/controllerAndChildrenReleaseWhenDropped, TabBarControllerTapTests/theDelegateIsWeak, TabBarControllerPromiseTests/theBarsDelegateIsTheController, LeakTests/aTabBarControllerIsFreedWithEverythingItOwnsAndLeavesNoRegistration, BottomBarTests/shellWithAStackReleasesEverythingWhenDropped |
// | TabBarController.swift | "`selectedIndex`, `viewControllers`, `isTabBarHidden` and `presentedViewController` are observable." | TabBarControllerTests/tappingSelectsTheChildAndShowsItsView, TabBarControllerPromiseTests/viewControllersAreObservable, BottomBarTests/tabBarFollowsTheSelectedNavigationController, TabBarControllerTests/plusButtonPresentsComposeAndDismissReleasesIt |
// | TabBarController.swift | viewControllers: "releases the old children, rebuilds the bar ..., selects the first and shows its view, asking the `delegate` nothing" | TabBarControllerTests/settingViewControllersSelectsAndShowsTheFirstChildOnce, TabBarControllerTests/replacingChildrenReleasesTheOldOnes, LeakTests/replacingATabBarControllersChildrenFreesTheOldOnes |
// | TabBarController.swift | selectedIndex: "selects the bar's button too, asking the `delegate` nothing and popping no navigation stack; an index outside `viewControllers` is ignored" | TabBarControllerTests/tappingSelectsTheChildAndShowsItsView, TabBarControllerTapTests/programmaticSelectionAsksNothingAndPopsNothing |
// | TabBarController.swift | selectedViewController: "`nil` without children" | TabBarControllerTests/replacingChildrenReleasesTheOldOnes |
// | TabBarController.swift | selectedItem: "`shell.observe(\.selectedItem?.badgeValue)` follows the badge of whichever tab is selected" | TabBarControllerTests/selectedItemBadgeChainFollowsTheSelection, BuildingAnAppShellExampleTests/selectedItemBadgeChainFollowsSelectionAndBadges |
// | TabBarControllerDelegate.swift | "Asked before every tap ..., also a tap on the selected tab; not asked when `selectedIndex` or `viewControllers` is set in code. When the answer is `false` the tap does nothing" | TabBarControllerTapTests/aRefusedTapChangesNothing, TabBarControllerTapTests/programmaticSelectionAsksNothingAndPopsNothing, TabBarControllerTapTests/reTappingTheSelectedTabPopsItsStackToTheRoot |
// | TabBarControllerDelegate.swift | "The method is optional" / "holds its delegate weakly" | TabBarControllerTapTests/delegateMethodIsOptional, TabBarControllerTapTests/theDelegateIsWeak |
// | TabBarController+Taps.swift | shouldSelect: "The delegate's answer, `true` without a delegate" | TabBarControllerTapTests/theDelegateIsWeak |
// | BuildingAnAppShell.md | "Every pushed screen hides the tab bar, and a hidden bar takes no taps" | TabBarControllerTapTests/aHiddenTabBarTakesNoTaps |
// | BuildingAnAppShell.md | the Taps example (re-tap pops; gate refuses; `selectedIndex = 1` selects without asking) | BuildingAnAppShellExampleTests/reTapAndDelegateExample |
// NESTED CHANGES (a change made from an observer or a delegate call of the same model)
// | BuildingAnAppShell.md | "is made at once and completely. The change under way then stops where it is" / "every property agrees": the redirect of a tap from a `selectedIndex` observer | ReentrantChangeTests/aSelectedIndexObserverThatRedirectsLeavesOneSelection, BuildingAnAppShellExampleTests/nestedChangeExample |
// | BuildingAnAppShell.md | the same rule after a redirect away from a navigation tab: `isTabBarHidden` follows the selected tab only | ReentrantChangeTests/aRedirectAwayFromANavigationTabFollowsTheSelectedTabsBar, ReentrantChangeTests/aSelectionFromATabBarHiddenObserverFollowsTheNewTab |
// | BuildingAnAppShell.md | "A nested call that UIKit refuses is refused the same way ...: a controller being pushed is already in the stack (its push and its presentation are refused)" | ReentrantChangeTests/aNestedPushOfTheControllerBeingPushedIsRefused, ReentrantChangeTests/aControllerBeingPushedIsClaimedBeforeItIsSetUp |
// | BuildingAnAppShell.md | "... and a pop with nothing to pop returns `nil`" | ReentrantChangeTests/aNestedPopWithNothingToPopIsRefused |
// | BuildingAnAppShell.md | the rule for a pop and a select made during a push: one state, the last change's | ReentrantChangeTests/aNestedPopAndSelectDuringAPushLeaveOneState, ReentrantChangeTests/aNestedPopAndSelectAtThePushsLastWriteLeaveOneState |
// | BuildingAnAppShell.md | "Observers of a property receive its changes in the order they were made, each once" | ReentrantChangeTests/aSelectedIndexObserverThatRedirectsLeavesOneSelection, ReentrantChangeTests/aNestedPopAndSelectDuringAPushLeaveOneState |
// | BuildingAnAppShell.md | "A tap whose selection is overtaken by a nested change does not reach the delegate's `tabBar(_:didSelectItemAt:)`; a delegate ... that selects another tab and answers `false` leaves that tab selected" | ReentrantChangeTests/aButtonObserverThatRedirectsEndsTheTap, ReentrantChangeTests/aDelegateThatSelectsAnotherTabAndRefusesLeavesItsSelection |
// | BuildingAnAppShell.md | the rule when a title set from a stack observer overtakes a pop: the stack settles (pop gesture, bar, observations) | ReentrantChangeTests/aTitleSetFromAStackObserverDuringAPopSettlesTheStack |
// | BuildingAnAppShell.md | the rule holds over random sequences of taps, selections, pushes, pops, badges, titles, presentations, reorders and gates, with observers and a delegate that make nested changes | AppShellModelBasedTests/everySequenceMatchesTheReferenceModel |
// | NavigationBar.swift / BuildingAnAppShell.md | the bar shows the last change's top when a bar observer pushes | ReentrantChangeTests/aPushFromABarTitleObserverLeavesTheBarOnTheNewTop |
// VIEW CONTROLLERS AND PRESENTATION
// | ViewController.swift | view: "made by `makeView()` on first access" / makeView: "Called once" / isViewLoaded | ViewControllerPromiseTests/theViewIsMadeOnceOnFirstAccess |
// | ViewController.swift | "`title`, `tabBarItem`, `hidesBottomBarWhenPushed` and `presentedViewController` are observable." | ViewControllerPromiseTests/controllerPropertiesAreObservable |
// | ViewController.swift | "Containers ... retain their children and set their `parent`, which the child holds weakly" | NavigationStackPromiseTests/theStackIsRetainedAndChildrenReferBackWeakly, TabBarControllerTests/replacingChildrenReleasesTheOldOnes |
// | ViewController+Presentation.swift | present: "Refused ... while this controller already presents one, or when `viewController` is this controller, is already presented, or is a child of a container." | ViewControllerPromiseTests/presentationIsRefusedInEachDocumentedCase |
// | ViewController+Presentation.swift | dismiss: "Dismisses the controller this one presents or, if it presents none, this controller from its presenter" / "`nil` if there was nothing to dismiss" | ViewControllerPromiseTests/dismissFromEitherSide, TabBarControllerTests/plusButtonPresentsComposeAndDismissReleasesIt |
// | ViewController.swift | presentingViewController "not retained" / presentedViewController "Retained until dismissed" | ViewControllerPromiseTests/thePresenterIsWeakAndThePresentedRetained |
// VIEWS, BUTTONS, VALUES
// | View.swift | "`layoutIfNeeded()` runs `layoutSubviews()` once for a marked view, then clears the mark and descends into the subviews" | ViewTests/layoutIfNeededTwiceRunsLayoutSubviewsOnce, ViewTests/layoutIfNeededDescendsIntoMarkedSubviews |
// | View.swift | "A non-zero frame at init, `addSubview(_:)` and a change of size mark the view; a move of the origin alone does not." | ViewTests/sizeChangeMarksAgainButOriginMoveDoesNot, ViewTests/zeroFrameAtInitIsNotMarkedButAddSubviewMarks |
// | View.swift | "The mark is cleared before `layoutSubviews()` runs, so frames set there mark only the subviews, which are laid out next in the same pass." | ViewPromiseTests/framesSetDuringLayoutAreLaidOutInTheSamePass |
// | View.swift | "holds its `subviews` strongly and its `superview` weakly" | ViewTests/removedSubviewIsReleased, ViewPromiseTests/theSuperviewIsWeak |
// | View.swift | center: "moves the frame without resizing it" / sizeToFit "keeping the origin" / bounds / base sizeThatFits | ViewTests/sizeChangeMarksAgainButOriginMoveDoesNot, ViewTests/sizeToFitUsesSizeThatFits, ViewPromiseTests/baseSizeThatFitsAndBounds |
// | View+Hierarchy.swift | addSubview: "moved here; one that is already a subview moves to the front. Adding the view itself or one of its ancestors is ignored" | ViewTests/addSubviewMovesBetweenSuperviewsAndRefusesCycles, ViewPromiseTests/addingASubviewAgainMovesItToTheFront |
// | View+Hierarchy.swift | removeFromSuperview: "The superview releases the view. Does nothing without a superview." | ViewTests/removedSubviewIsReleased, ViewPromiseTests/theSuperviewIsWeak |
// | Button.swift / ControlState.swift | "Values are looked up for the current `state` ... and fall back to the `.normal` value." / "A lookup for a combined state falls back to `.normal`" | ViewPromiseTests/buttonValuesFallBackToNormal |
// | Button.swift | "`currentTitle`, `currentImage`, `currentBackgroundImage` and `currentTitleColor` are observable ..., as is `isSelected`." | ViewPromiseTests/buttonCurrentValuesAreObservable |
// | Button.swift | "the normal colour (black unless set)" / "15 pt by default" | ViewPromiseTests/buttonDefaultsAreBlackAnd15Points |
// | Button.swift | sizeThatFits: "The normal background image's size if there is one, else the normal image's size beside the normal title's estimated width ..., at least as tall as the font." | ViewPromiseTests/buttonSizeThatFits |
// | ControlState.swift / Color.swift | "The raw bits, the same values as UIKit's." / "Orange (1, 0.5, 0)" | ViewPromiseTests/controlStateBitsAndColours |
// | ImageAsset.swift | "Two assets are equal when both name and size are equal." | ViewPromiseTests/imageAssetEquality |
//
// NOT TESTED
// | TabBarButton+Observation.swift | "a set of an item made off the main actor traps" | a trap ends the test process; Swift Testing has no exit tests on this toolchain's target |
// | TabBarButton+Observation.swift | "only `TabBarButton.context` is handled" | needs a hand-made `KeyValueChange` sent to `observeValue`; the effect (other registrations do not reach the button) is covered by the registration counts above |
// | BuildingAnAppShell.md | "Handlers run synchronously on the main actor, where the models are set." | implied by every Recorder assertion made right after a set |
