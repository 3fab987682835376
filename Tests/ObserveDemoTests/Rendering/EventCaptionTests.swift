import ObserveDemoCore
import Testing

/// Captions name the event and say what the models show after it.
@MainActor
@Suite struct EventCaptionTests {
    @Test func theFirstCaptionNamesTheTabsAndTheSelectedOne() {
        #expect(EventCaption.start(AppShell.socialApp().snapshot()) == "4 tabs, Home selected")
        let empty = ShellState(barWidth: 375, tabs: [], plusButton: nil, navigation: nil, screenTitle: "")
        #expect(EventCaption.start(empty) == "0 tabs")
    }

    @Test func badgesSayWhatTheBadgeViewShows() throws {
        let shell = Captioned()
        #expect(try shell.apply(.badge(tab: 1, value: "5")) == #"Messages badge ← "5""#)
        #expect(
            try shell.apply(.badge(tab: 1, value: "1000"))
                == #"Messages badge ← "1000": too wide, shown as a dot"#)
        #expect(try shell.apply(.badge(tab: 1, value: "0")) == #"Messages badge ← "0": hidden"#)
        #expect(try shell.apply(.badge(tab: 1, value: "")) == #"Messages badge ← "": hidden"#)
        #expect(try shell.apply(.badge(tab: 0, value: nil)) == "Home badge ← nil: hidden")
    }

    /// The caption reads the snapshot, not the event: a view that showed a dot for "5" would be
    /// described so.
    @Test func theEffectComesFromTheStateAfterTheEvent() {
        let before = AppShell.socialApp().snapshot()
        var after = before
        after.tabs[1].badgeValue = "5"
        after.tabs[1].badge = .dot
        let event = DemoEvent.badge(tab: 1, value: "5")
        #expect(
            EventCaption.describe(event, before: before, after: after)
                == #"Messages badge ← "5": too wide, shown as a dot"#)
        after.tabs[1].badge = .text("5+")
        #expect(
            EventCaption.describe(event, before: before, after: after)
                == #"Messages badge ← "5": shown as "5+""#)
    }

    @Test func titlesImagesAndSelections() throws {
        let shell = Captioned()
        #expect(try shell.apply(.title(tab: 2, title: "Explore")) == #"Discover renamed "Explore""#)
        #expect(try shell.apply(.badge(tab: 2, value: "1")) == #"Explore badge ← "1""#)
        #expect(try shell.apply(.image(tab: 3, name: "me_dot", selectedName: nil)) == #"Me image ← "me_dot""#)
        #expect(try shell.apply(.select(tab: 3)) == "select Me")
        // Selected, the tab shows its selected image, which this event left as it was.
        #expect(
            try shell.apply(.image(tab: 3, name: "me", selectedName: nil))
                == #"Me image ← "me": showing "tabbar_me_selected""#)
        #expect(try shell.apply(.select(tab: 3)) == "select Me: already selected")
    }

    @Test func navigationSaysWhatTheBarShows() throws {
        let shell = Captioned()
        #expect(
            try shell.apply(.push(title: "Post", tab: nil))
                == #"push "Post": tab bar hidden, back title "Home""#)
        #expect(try shell.apply(.badge(tab: 3, value: "3")) == #"Me badge ← "3": behind the hidden tab bar"#)
        #expect(try shell.apply(.push(title: "Comments", tab: 0)) == #"push "Comments": back title "Post""#)
        #expect(try shell.apply(.pop(tab: nil)) == #"pop "Comments": back title "Home""#)
        #expect(try shell.apply(.pop(tab: 0)) == #"pop "Post": tab bar shown, at the root"#)
        #expect(try shell.apply(.popToRoot(tab: nil)) == "pop to the root: nothing to pop")
        _ = try shell.apply(.push(title: "Post", tab: nil))
        _ = try shell.apply(.push(title: "Comments", tab: nil))
        #expect(try shell.apply(.popTo(index: 1, tab: nil)) == #"pop to "Post": back title "Home""#)
        #expect(try shell.apply(.popTo(index: 0, tab: nil)) == #"pop to "Home": tab bar shown, at the root"#)
    }

    @Test func selectingATabWithPushedScreensShowsTheTopOne() throws {
        let shell = Captioned()
        _ = try shell.apply(.select(tab: 1))
        #expect(try shell.apply(.push(title: "Draft", tab: 0)) == #"push "Draft" on Home (not on show)"#)
        #expect(try shell.apply(.select(tab: 0)) == #"select Home: showing "Draft", tab bar hidden"#)
    }

    /// Every pushed screen hides the tab bar, so a tap cannot reach a selected tab with pushed
    /// screens; the states are made by hand.
    @Test func reselectingATabThatPopsToItsRootSaysSo() {
        var before = AppShell.socialApp().snapshot()
        var after = before
        before.navigation = ShellState.Navigation(stack: ["Home", "Post"], title: "Post", backTitle: "Home")
        #expect(
            EventCaption.describe(.select(tab: 0), before: before, after: after)
                == "select Home: already selected, popped to the root")
        after.tabs[0].isSelected = false
        #expect(
            EventCaption.describe(.select(tab: 0), before: before, after: after)
                == "select Home: not selected")
    }

    @Test func plusAndDismissNameThePresentedScreen() throws {
        let shell = Captioned()
        #expect(try shell.apply(.plus) == #"plus: "Compose" presented"#)
        #expect(try shell.apply(.dismiss) == #"dismiss: "Compose" closed"#)
    }

    @Test func delaysHaveNoCaption() {
        let state = AppShell.socialApp().snapshot()
        #expect(EventCaption.describe(.delay(milliseconds: 5), before: state, after: state) == nil)
    }
}

/// The social app, captioning each event it takes; a refused one leaves ``last`` as it was.
@MainActor
private final class Captioned {
    let shell = AppShell.socialApp()
    private(set) var last: String?

    func apply(_ event: DemoEvent) throws -> String? {
        let before = shell.snapshot()
        do {
            try shell.apply(event)
        } catch {
            return nil
        }
        last = EventCaption.describe(event, before: before, after: shell.snapshot())
        return last
    }
}
