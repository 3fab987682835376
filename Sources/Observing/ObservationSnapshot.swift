/// What observes one object, taken at one moment: each observed property with its
/// registrations, and the object's whole-object observations.
///
/// The structured form of `observationDescription`, and the counterpart of what KVO keeps in
/// `observationInfo` and lists when an object deallocates with observers still registered.
/// Take one with ``KeyValueObservable/observationSnapshot``; it is a copy, and does not change
/// as registrations come and go.
///
/// Where each registration was made (``Registration/file`` and ``Registration/line``) and how
/// it delivers (``Registration/delivery``) are recorded by debug builds of the library only;
/// in release builds they are `nil`, so that registering costs nothing more.
public struct ObservationSnapshot: Equatable, CustomStringConvertible {
    /// One registration, as a snapshot sees it.
    public struct Registration: Equatable {
        /// The registration's options, as given to `observe` or `addObserver`.
        public var options: KeyValueObservingOptions
        /// What receives the changes: `"closure"` for a handler (of `observe`, a binding or a
        /// sequence), the observer's type name for `addObserver`, `"whole object"` for
        /// `observeChanges(file:line:changeHandler:)` and `changes(file:line:)`.
        public var observer: String
        /// The name of the registration's ``ObservationContext``, if it has one.
        public var context: String?
        /// For a derived registration (a computed key path or a chain, which depends on this
        /// property without naming it), the key path it observes; `nil` for a registration
        /// on the property itself.
        public var derivedKeyPath: AnyKeyPath?
        /// How the handler runs: `"synchronous"`, `"queue \"label\""`,
        /// `"isolated to MainActor"`, `"binding"`, `"async sequence"`; `nil` in release builds.
        public var delivery: String?
        /// The `#fileID` of the call that registered, in debug builds.
        public var file: String?
        /// The line of the call that registered, in debug builds.
        public var line: Int?

        /// Whether the registration is derived: it observes a computed key path or a chain.
        public var isDerived: Bool { derivedKeyPath != nil }

        /// Creates a registration description.
        ///
        /// - Parameters:
        ///   - options: The registration's options.
        ///   - observer: What receives the changes (see ``observer``).
        ///   - context: The context's name, if any.
        ///   - derivedKeyPath: The key path a derived registration observes.
        ///   - delivery: How the handler runs, if recorded.
        ///   - file: The `#fileID` of the registering call, if recorded.
        ///   - line: The line of the registering call, if recorded.
        public init(
            options: KeyValueObservingOptions, observer: String, context: String? = nil,
            derivedKeyPath: AnyKeyPath? = nil, delivery: String? = nil, file: String? = nil, line: Int? = nil
        ) {
            self.options = options
            self.observer = observer
            self.context = context
            self.derivedKeyPath = derivedKeyPath
            self.delivery = delivery
            self.file = file
            self.line = line
        }
    }

    /// One observed property of the object and its live registrations, in the order they
    /// were made.
    public struct Property: Equatable {
        /// The property's key path: for an `@Observed` property, rooted at the class that
        /// declares it; for a key path notified by hand, as it was registered.
        public var keyPath: AnyKeyPath
        /// The key path as written in source, `\Profile.unread` for an `@Observed` property
        /// (named from the class that declares it); for a key path notified by hand, as
        /// Swift prints it.
        ///
        /// Swift prints the key path of an `@Observed` property, a computed property, as
        /// `\Profile.<computed 0x... (Int)>` where its symbols are not exported, so the
        /// snapshot names the property from its storage instead.
        public var name: String
        /// The live registrations of the property.
        public var registrations: [Registration]

        /// Creates a property description.
        ///
        /// - Parameters:
        ///   - keyPath: The property's key path.
        ///   - name: The key path as written in source.
        ///   - registrations: Its registrations.
        public init(keyPath: AnyKeyPath, name: String, registrations: [Registration]) {
            self.keyPath = keyPath
            self.name = name
            self.registrations = registrations
        }
    }

    /// The name of the object's type.
    public var typeName: String
    /// The properties that have live registrations, `@Observed` ones in declaration order
    /// (a superclass's after the subclass's), then the key paths notified by hand.
    public var properties: [Property]
    /// The object's whole-object observations (`observeChanges`, `changes()`), listed once
    /// here rather than under each property.
    public var wholeObjectRegistrations: [Registration]
    /// The number of distinct live registrations on the object: a derived registration that
    /// depends on several of its properties counts once; as ``KeyValueObservable/totalObserverCount``.
    public var registrationCount: Int

    /// Creates a snapshot.
    ///
    /// - Parameters:
    ///   - typeName: The name of the object's type.
    ///   - properties: The observed properties.
    ///   - wholeObjectRegistrations: The whole-object observations.
    ///   - registrationCount: The number of distinct registrations.
    public init(
        typeName: String, properties: [Property], wholeObjectRegistrations: [Registration] = [],
        registrationCount: Int
    ) {
        self.typeName = typeName
        self.properties = properties
        self.wholeObjectRegistrations = wholeObjectRegistrations
        self.registrationCount = registrationCount
    }

    /// The number of registrations alive in the whole process, as RxSwift's
    /// `Resources.total`, for tests that check that nothing leaks; kept by debug builds of the
    /// library only, `nil` in release builds.
    ///
    /// Counts every registration made with `observe`, `addObserver`, `bind`, a sequence,
    /// `observeChanges` or `ObservableProperty.observe` (a two-way binding counts two), from
    /// the call that made it until its record is freed: for most, when the registration ends;
    /// for an `addObserver` registration whose observer deallocated, when the property's next
    /// set or removal clears it out; for a whole-object observation, when its token is
    /// released. Kept with a relaxed
    /// atomic increment and decrement per registration, which cost observe-bench's
    /// registration figure (W4) about 4%, so release builds, as RxSwift's without
    /// `TRACE_RESOURCES`, count nothing.
    ///
    /// Swift Testing runs tests in parallel, so in a shared test process the figure moves
    /// with other tests' registrations: assert that it returns to its start only where
    /// nothing else registers (a child process, or a test executable of its own). Per object,
    /// ``KeyValueObservable/totalObserverCount`` needs no such care, and is kept in every build.
    public static var liveRegistrationCount: Int? {
        #if DEBUG
            return LiveRegistrations.count.load(ordering: .relaxed)
        #else
            return nil
        #endif
    }

    /// The snapshot as `observationDescription` prints it: one line for the object, then
    /// each property and under it each registration.
    public var description: String {
        var lines = ["\(typeName): \(registrationCount) registration\(registrationCount == 1 ? "" : "s")"]
        for property in properties {
            lines.append("  \(property.name)")
            lines += property.registrations.map { "    " + $0.summary }
        }
        if !wholeObjectRegistrations.isEmpty {
            lines.append("  whole object")
            lines += wholeObjectRegistrations.map { "    " + $0.summary }
        }
        return lines.joined(separator: "\n")
    }
}

extension ObservationSnapshot.Registration {
    /// The registration on one line: options, observer, context, derivation, delivery, site.
    fileprivate var summary: String {
        var parts = [Self.describe(options), observer]
        if let context { parts.append("context \"\(context)\"") }
        if let derivedKeyPath {
            parts.append("derived for \(KeyPathNaming.name(of: derivedKeyPath, on: nil))")
        }
        if let delivery { parts.append(delivery) }
        if let file, let line { parts.append("at \(file):\(line)") }
        return parts.joined(separator: ", ")
    }

    private static func describe(_ options: KeyValueObservingOptions) -> String {
        let names: [(KeyValueObservingOptions, String)] = [
            (.new, ".new"), (.old, ".old"), (.initial, ".initial"), (.prior, ".prior"),
            (.removeDuplicates, ".removeDuplicates"),
        ]
        return "[" + names.filter { options.contains($0.0) }.map(\.1).joined(separator: ", ") + "]"
    }
}
