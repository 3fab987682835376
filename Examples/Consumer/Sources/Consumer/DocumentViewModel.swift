import Observing

/// A model ported from KVO: a value kept in a cache and notified by hand, a declared
/// dependency and a set of tags.
final class Document: KeyValueObservable {
    private final class Cache { var title = "" }
    private let cache = Cache()
    @Observed var tags: Set<String> = []
    @Observed var isPinned = false

    var title: String {
        get { cache.title }
        set {
            willChangeValue(for: \.title)
            defer { didChangeValue(for: \.title) }
            cache.title = newValue
        }
    }

    var isListed: Bool { isPinned || !tags.isEmpty }

    static func automaticallyNotifiesObservers(for keyPath: AnyKeyPath) -> Bool {
        keyPath != \Document.title
    }

    static func keyPathsForValuesAffectingValue(for keyPath: AnyKeyPath) -> [AnyKeyPath] {
        keyPath == \Document.isListed ? [\Document.tags] : []
    }
}

/// A main-actor view model over it, written as a Swift 6 app writes one.
@MainActor
final class DocumentViewModel {
    let document: Document
    var heading = ""
    var listed = false
    var firstTagSeen = false
    var tokens: [ObservationToken] = []

    init(document: Document) {
        self.document = document
        document.observe(\.title, options: [.initial, .new]) { _, change in
            self.heading = change.newValue ?? ""
        }.store(in: &tokens)
        document.observe(\.isListed, options: [.initial, .new]) { _, change in
            self.listed = change.newValue ?? false
        }.store(in: &tokens)
        document.observe(
            \.tags, options: [.initial, .new],
            changeHandlerWithToken: { document, _, token in
                guard !document.tags.isEmpty else { return }
                self.firstTagSeen = true
                token.invalidate()
            }
        ).store(in: &tokens)
    }

    func tag(_ tag: String) {
        document.mutableSetValue(for: \.tags).insert(tag)
    }
}

@MainActor
func documentViewModelRuns() {
    let document = Document()
    let model = DocumentViewModel(document: document)
    document.title = "Draft"
    model.tag("swift")
    let badge = BadgeLabel()
    document.addObserver(badge, forKeyPath: \.title, options: [.new])
    let removed = document.removeObserver(badge)
    print("document:", model.heading, model.listed, model.firstTagSeen, removed)
}
