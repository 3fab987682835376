import Foundation
import TabBarModel

extension AppShell {
    /// Makes the social app of the built-in scenario: Home (a `NavigationController`),
    /// Messages, Discover and Me, with the plus button in the middle and Home selected.
    ///
    /// - Returns: The shell, every badge empty.
    public static func socialApp() -> AppShell {
        let titles = ["Home", "Messages", "Discover", "Me"]
        let images = ["tabbar_home", "tabbar_message_center", "tabbar_discover", "tabbar_me"]
        let children = zip(titles, images).enumerated().map { index, tab in
            let screen = ViewController(title: tab.0)
            // Home holds a navigation stack; the tab bar shows the container's item.
            let child = index == 0 ? NavigationController(rootViewController: screen) : screen
            child.tabBarItem = TabBarItem(
                title: tab.0, image: ImageAsset(tab.1, size: defaultImageSize),
                selectedImage: ImageAsset(tab.1 + "_selected", size: defaultImageSize))
            return child
        }
        return AppShell(controller: TabBarController(viewControllers: children))
    }

    /// Makes the shell of `--watch`: one tab per folder, titled by its name, whose badge is its
    /// file count (`FolderCount/badgeValue`).
    ///
    /// - Parameter folders: The folders, left to right.
    /// - Returns: The shell, the first tab selected.
    public static func folders(_ folders: [FolderCount]) -> AppShell {
        let children = folders.map { folder in
            let child = ViewController(title: folder.name)
            child.tabBarItem.badgeValue = folder.badgeValue
            return child
        }
        return AppShell(controller: TabBarController(viewControllers: children))
    }
}

extension ShellFactory {
    /// The shells made from TabBarModel's controllers: ``AppShell/socialApp()`` and
    /// ``AppShell/folders(_:)``.
    public static let tabBarModel = ShellFactory(
        socialApp: { AppShell.socialApp() }, folders: { AppShell.folders($0) })
}
