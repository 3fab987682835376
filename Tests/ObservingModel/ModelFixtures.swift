import Observing

/// The observed object of the model-based test: stored properties, a computed property over
/// two of them, a child that a chain goes through, and a plain property notified by hand.
final class ModelSubject: KeyValueObservable {
    let id: Int
    @Observed var title = ""
    @Observed var messages: [String] = []
    @Observed var tags: Set<String> = []
    @Observed var child: ModelChild?
    /// Not `@Observed`: only `willChangeValue(for:)`/`didChangeValue(for:)` pairs notify it.
    var note = ""
    /// Runs in `deinit`, when set (to set properties of the dying object).
    var onDeinit: ((ModelSubject) -> Void)?

    var summary: String { "\(title)|\(messages.count)" }

    init(id: Int) {
        self.id = id
    }

    deinit {
        onDeinit?(self)
    }

    /// `note` is notified by hand (which only silences the forgotten-`@Observed` diagnostic).
    static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool {
        keyPath != \ModelSubject.note
    }

    /// The key paths the model observes, in `SubjectKeyPath` order.
    static var keyPaths: [AnyKeyPath] {
        [
            \ModelSubject.title, \ModelSubject.messages, \ModelSubject.summary, \ModelSubject.child?.name,
            \ModelSubject.tags, \ModelSubject.note,
        ]
    }
}

/// The intermediate of the `child?.name` chain.
final class ModelChild: KeyValueObservable {
    @Observed var name = ""
}

/// One side of a two-way binding.
final class ModelField: KeyValueObservable {
    @Observed var text = ""
}

/// The target of a one-way binding: a plain object.
final class ModelLabel {
    var text = ""
}

/// A property whose storage a handler may replace.
final class ModelReplaceable: KeyValueObservable {
    @Observed var name = ""

    func replaceStorage(with value: String) {
        _name = Observed(wrappedValue: value)
    }
}

/// An observer for `addObserver`: hands each call to the world, which records it and fires the
/// observer's reaction.
final class ModelObserver: KeyValueObserver {
    let id: Int
    unowned let world: LiveWorld
    /// The reaction to fire at the first call in its phase.
    var reaction: (id: Int, phase: ReactionPhase)?
    /// Registrations made with `.initial` whose initial call has not come yet.
    var pendingInitialCalls = 0

    init(id: Int, world: LiveWorld) {
        self.id = id
        self.world = world
    }

    func observeValue(
        forKeyPath keyPath: AnyKeyPath, of object: AnyObject, change: KeyValueChange,
        context: ObservationContext?
    ) {
        world.observerWasCalled(self, keyPath: keyPath, object: object, change: change, context: context)
    }
}

extension SubjectKeyPath {
    init?(matching keyPath: AnyKeyPath) {
        guard let index = ModelSubject.keyPaths.firstIndex(of: keyPath) else { return nil }
        self.init(rawValue: index)
    }
}

/// A view model over a shared model: `lowered` reads only its child's storage (the object
/// reaches it through `source`), and `caption` is storage of its own, which makes its end
/// visible to an observation of `lowered` made once `caption` has a registry.
final class ModelViewModel: KeyValueObservable {
    let id: Int
    let source: ModelChild
    @Observed var caption = ""

    var lowered: String { source.name.lowercased() }

    init(id: Int, source: ModelChild) {
        self.id = id
        self.source = source
    }
}

/// An object whose computed `shown` reads `a` or `b`, as `useA` says, so that a set of `useA`
/// re-wires its observations.
final class ModelSwitching: KeyValueObservable {
    @Observed var useA = true
    @Observed var a = ""
    @Observed var b = ""

    var shown: String { useA ? a : b }
}
