import Observing

final class Profile: KeyValueObservable {
    @Observed var name = ""
    @Observed var unread = 0
    var hasUnread: Bool { unread > 0 }
}

final class Item: KeyValueObservable {
    @Observed var badgeValue: String?
}

final class Shell: KeyValueObservable {
    @Observed var selectedItem: Item?
}

final class Label {
    var text = ""
}

final class Badge: KeyValueObserver {
    static let context = ObservationContext("Badge")
    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange, context: ObservationContext?
    ) {}
}

protocol SomeClassBoundProtocol: AnyObject {
    func didChange()
}

final class Delegate: SomeClassBoundProtocol {
    func didChange() { print("didChange") }
}

@MainActor
func contract() async {
    let p = Profile()
    let shell = Shell()
    let label = Label()

    let token: ObservationToken = p.observe(\.unread, options: [.initial, .old, .new]) { profile, change in
        _ = change.kind
        _ = change.isPrior
        _ = change.indexes
    }
    let onMain = p.observe(\.unread, options: [.new], queue: .main) { profile, change in }
    let chain = shell.observe(\.selectedItem?.badgeValue, options: [.new]) { shell, change in }
    token.invalidate()
    _ = token.isValid

    let badge = Badge()
    p.addObserver(badge, forKeyPath: \.unread, options: [.new], context: Badge.context)
    let removed: Bool = p.removeObserver(badge, forKeyPath: \.unread, context: Badge.context)
    p.removeObserver(badge, forKeyPath: \.unread, context: Badge.context)
    let count: Int = p.observerCount(for: \.unread)

    let property = ObservableProperty(0)
    property.value = 3
    let t2 = property.observe(options: [.new]) { change in }

    let b1 = p.bind(\.unread, to: label, \.text) { "\($0)" }

    let delegate = Delegate()
    let box = WeakBox<any SomeClassBoundProtocol>(delegate)
    let delegates = MulticastDelegate<any SomeClassBoundProtocol>()
    delegates.add(delegate)
    delegates.invoke { $0.didChange() }

    p.unread = 1
    for await value in p.values(for: \.unread) {
        print("value", value, removed, count, box.value != nil)
        break
    }
    _ = (onMain, chain, t2, b1)
}

await contract()
await viewModelRuns()
documentViewModelRuns()
autosaveViewModelRuns()
await meterViewModelRuns()
await playerViewModelRuns()
