import Foundation
import Observing
import TabBarModel
import Testing

/// The promises of `ViewController` and its presentation
/// (Sources/TabBarModel/ViewController.swift, ViewController+Presentation.swift).
@MainActor
@Suite struct ViewControllerPromiseTests {
    /// The view is made once on first access.
    ///
    /// ViewController.swift: "The root view, made by `makeView()` on first access" and
    /// "Called once, on the first access of `view`." and "Whether `view` has been made".
    @Test func theViewIsMadeOnceOnFirstAccess() {
        let controller = CountingController()
        #expect(!controller.isViewLoaded)
        #expect(controller.made == 0)
        let view = controller.view
        #expect(controller.view === view)
        #expect(controller.made == 1)
        #expect(controller.isViewLoaded)
        #expect(ViewController().view.subviews.isEmpty)  // the base view is empty
    }

    /// Presentation is refused in each documented case.
    ///
    /// ViewController+Presentation.swift: "Refused (returns `false`, nothing changes) while this
    /// controller already presents one, or when `viewController` is this controller, is already
    /// presented, or is a child of a container."
    @Test func presentationIsRefusedInEachDocumentedCase() {
        let presenter = ViewController(title: "P")
        let other = ViewController(title: "O")
        let sheet = ViewController(title: "S")
        #expect(!presenter.present(presenter, animated: true))
        #expect(presenter.present(sheet, animated: true))
        #expect(!presenter.present(ViewController(), animated: true))
        #expect(!other.present(sheet, animated: true))
        let child = ViewController(title: "C")
        let container = NavigationController(rootViewController: child)
        #expect(!other.present(child, animated: true))
        #expect(child.parent === container)
        #expect(other.presentedViewController == nil)
        #expect(presenter.presentedViewController === sheet)
        #expect(sheet.presentingViewController === presenter)
    }

    /// A controller cannot present what is active above it: a container holding it, at any
    /// depth, or a controller presenting it or one of its containers.
    ///
    /// ViewController+Presentation.swift: "or is already active above this one: a container
    /// holding this controller (its tab bar or navigation controller, at any depth) or a
    /// controller presenting it or one of its containers". A child presenting its own tab bar
    /// controller was accepted, and the shell then retained itself and leaked (found by a cold
    /// bug hunt).
    @Test func presentingAControllerActiveAboveThisOneIsRefused() {
        weak var weakShell: TabBarController?
        weak var weakStack: NavigationController?
        do {
            let messages = ViewController(title: "M")
            let feed = NavigationController(rootViewController: ViewController(title: "F"))
            let shell = TabBarController(viewControllers: [feed, messages])
            weakShell = shell
            #expect(!messages.present(shell, animated: true))
            let post = ViewController(title: "Post")
            feed.push(post, animated: true)
            #expect(!post.present(shell, animated: true))
            let sheet = ViewController(title: "S")
            #expect(messages.present(sheet, animated: true))
            #expect(!sheet.present(shell, animated: true))
            #expect(!sheet.present(messages, animated: true))
            let root = ViewController(title: "R")
            let stack = NavigationController(rootViewController: root)
            weakStack = stack
            #expect(!root.present(stack, animated: true))
            #expect(shell.presentedViewController == nil && stack.presentedViewController == nil)
            #expect(root.presentedViewController == nil && post.presentedViewController == nil)
            #expect(shell.presentingViewController == nil && stack.presentingViewController == nil)
            #expect(sheet.presentedViewController == nil)
            // An unrelated container may still be presented.
            #expect(root.present(NavigationController(rootViewController: ViewController()), animated: true))
        }
        #expect(weakShell == nil)
        #expect(weakStack == nil)
    }

    /// Dismiss from either side.
    ///
    /// ViewController+Presentation.swift: "Dismisses the controller this one presents or, if it
    /// presents none, this controller from its presenter" and "Returns: The dismissed
    /// controller, or `nil` if there was nothing to dismiss."
    @Test func dismissFromEitherSide() {
        let presenter = ViewController(title: "P")
        let sheet = ViewController(title: "S")
        #expect(presenter.dismiss(animated: true) == nil)
        presenter.present(sheet, animated: true)
        #expect(presenter.dismiss(animated: true) === sheet)
        #expect(sheet.presentingViewController == nil)
        presenter.present(sheet, animated: true)
        #expect(sheet.dismiss(animated: true) === sheet)
        #expect(presenter.presentedViewController == nil)
        #expect(sheet.dismiss(animated: true) == nil)
    }

    /// The presenter is weak and the presented retained.
    ///
    /// ViewController.swift: "The controller that presents this one; not retained." and
    /// "Retained until dismissed."
    @Test func thePresenterIsWeakAndThePresentedRetained() {
        let sheet = ViewController(title: "S")
        weak var weakSheet: ViewController?
        do {
            let presenter = ViewController(title: "P")
            presenter.present(sheet, animated: true)
            #expect(sheet.presentingViewController === presenter)
            do {
                let inner = ViewController(title: "I")
                weakSheet = inner
                sheet.present(inner, animated: true)
            }
            #expect(weakSheet != nil)
        }
        #expect(sheet.presentingViewController == nil)
        sheet.dismiss(animated: true)
        #expect(weakSheet == nil)
    }

    /// Controller properties are observable.
    ///
    /// ViewController.swift: "`title`, `tabBarItem`, `hidesBottomBarWhenPushed` and
    /// `presentedViewController` are observable."
    @Test func controllerPropertiesAreObservable() {
        let controller = ViewController(title: "A")
        let titles = Recorder(controller, \.title)
        let items = Recorder(controller, \.tabBarItem.title)
        let hides = Recorder(controller, \.hidesBottomBarWhenPushed)
        let presented = Recorder(controller, \.presentedViewController?.title)
        controller.title = "B"
        controller.tabBarItem = TabBarItem(title: "Tab")
        controller.hidesBottomBarWhenPushed = true
        controller.present(ViewController(title: "S"), animated: true)
        #expect(titles.values == [.some("B")])
        #expect(items.values == [.some("Tab")])
        #expect(hides.values == [true])
        #expect(presented.values == [.some("S")])
    }
}

private final class CountingController: ViewController {
    private(set) var made = 0

    override func makeView() -> View {
        made += 1
        return View(frame: .zero)
    }
}
