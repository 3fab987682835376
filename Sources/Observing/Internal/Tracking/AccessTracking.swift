internal import ObservingRuntime

/// One read of `@Observed` storage seen while tracking: which registry guards the storage and
/// which object owns it.
@usableFromInline
struct TrackedAccess {
    @usableFromInline let registry: RegistryCore
    @usableFromInline let object: ObjectIdentifier

    @usableFromInline
    init(registry: RegistryCore, object: ObjectIdentifier) {
        self.registry = registry
        self.object = object
    }

    /// The key path that names the storage on its declaring class: its registry's (for a key
    /// path notified by hand, the key path its registry in the object's home was made for).
    ///
    /// Read from the registry rather than kept here, so that recording an access retains and
    /// releases one reference, not two (callgrind b W4/10k: 2,138 -> 2,061 instructions).
    @inlinable
    var keyPath: AnyKeyPath { registry.wrappedKeyPath }
}

/// Collects the `@Observed` reads made on the current thread while a key path is evaluated,
/// as Swift's Observation module learns its dependencies from `withObservationTracking`.
///
/// Lives on the stack of `AccessTracking.track`; the thread-local slot points at it.
@usableFromInline
struct AccessTracker {
    @usableFromInline var accesses = TrackedAccesses()

    @inlinable
    init() {}

    /// Takes `access` (consumed, so that it moves into the list without a copy).
    @usableFromInline
    mutating func record(_ access: consuming TrackedAccess) {
        if !accesses.contains(where: { $0.registry === access.registry }) {
            accesses.append(access)
        }
    }
}

/// The distinct `@Observed` reads of one tracked evaluation, in order.
///
/// The first is kept inline: a key path that names one stored property (the common case)
/// registers without allocating an array.
@usableFromInline
struct TrackedAccesses: RandomAccessCollection {
    @usableFromInline var first: TrackedAccess?
    @usableFromInline var rest: [TrackedAccess] = []

    @inlinable
    init() {}

    mutating func append(_ access: consuming TrackedAccess) {
        if first == nil { first = access } else { rest.append(access) }
    }

    /// Appends `access` unless an access to the same registry is already there.
    mutating func appendIfAbsent(_ access: TrackedAccess) {
        if !contains(where: { $0.registry === access.registry }) { append(access) }
    }

    /// The only access, if there is exactly one.
    @inlinable
    var single: TrackedAccess? { rest.isEmpty ? first : nil }

    /// Adds `entry` to the registry of the single access, if the read touched exactly one
    /// storage, of `object`, and `keyPath` names that storage itself.
    ///
    /// Out of line, so that the access is read in place rather than copied into the caller
    /// (a retain and a release of its registry and key path per registration).
    ///
    /// - Returns: The registrations the entry joined, or `nil` if it was not added.
    @usableFromInline
    func addToSingleStorage(_ entry: EntryBase, of object: ObjectIdentifier, namedBy keyPath: AnyKeyPath)
        -> Registrations?
    {
        // Optional chaining and `unsafelyUnwrapped` read `first` in place; binding it with
        // `if let` copies it (observe-bench W4: 27 ns). `first` is not nil past the guard,
        // which compared its object.
        guard rest.isEmpty, first?.object == object else { return nil }
        return first?.registry.add(entry, ifNamedBy: keyPath)
    }

    /// Whether the last storage read holds a value of type `Value`.
    ///
    /// With `Value` the value type of the key path read, a write of the key path then lands in
    /// `@Observed` storage, whose set notifies (the last link of a chain, or storage a computed
    /// property passes through). A chain whose last link is not `@Observed` ends its reads at
    /// an earlier link, which holds an object.
    ///
    /// For the set and array proxies, which notify by hand a mutation that lands elsewhere.
    func lastReadHolds<Value>(_: Value.Type) -> Bool {
        guard let last else { return false }
        return type(of: last.keyPath).valueType == Value.self
    }

    @usableFromInline var startIndex: Int { 0 }
    @usableFromInline var endIndex: Int { first == nil ? 0 : rest.count + 1 }

    @usableFromInline
    subscript(position: Int) -> TrackedAccess {
        if position == 0, let first { return first }
        return rest[position - 1]
    }
}

/// Thread-local tracking state.
///
/// The current thread's tracker is a C thread-local pointer (`ObservingRuntime`), set for the
/// duration of `track`: a read of an `@Observed` property outside a tracked read pays one call
/// that loads it. Reached through functions that are not inlinable, because the C module is
/// imported internally (its declarations are not part of the library's interface).
///
/// The slot is a `static` C variable, so every object file that touches it has a copy of its
/// own. A release build compiles the module whole but writes one object file per source file,
/// and a function inlined into another file's code reads that file's copy: a tracked read set
/// in one file was then unseen by a getter in another (18 failures of `swift test -c release`).
/// The three accessors below are therefore `@inline(never)`, so that only this file's object
/// reaches the slot (`nm` on the test binary: one `observing_trackerSlot`).
@usableFromInline
enum AccessTracking {
    /// Whether a tracked read is running on this thread.
    @inlinable
    static var isActive: Bool { currentTracker != nil }

    /// The current thread's tracker, untyped, or `nil`.
    @usableFromInline
    @inline(never)
    static var currentTracker: UnsafeMutableRawPointer? { observing_currentTracker() }

    /// Makes `tracker` (or `nil`) the current thread's tracker.
    @usableFromInline
    @inline(never)
    static func setCurrentTracker(_ tracker: UnsafeMutableRawPointer?) {
        observing_setCurrentTracker(tracker)
    }

    /// The tracker of the current thread, if a tracked evaluation is running on it.
    @usableFromInline
    @inline(never)
    static var current: UnsafeMutablePointer<AccessTracker>? {
        observing_currentTracker()?.assumingMemoryBound(to: AccessTracker.self)
    }

    /// Evaluates `body` and returns its result with every `@Observed` read it made.
    ///
    /// Nested tracking is supported: the inner evaluation's reads go to the inner tracker only.
    @inlinable
    static func track<Result>(_ body: () -> Result) -> (Result, TrackedAccesses) {
        var tracker = AccessTracker()
        let previous = currentTracker
        let result = withUnsafeMutablePointer(to: &tracker) { pointer in
            setCurrentTracker(pointer)
            defer { setCurrentTracker(previous) }
            return body()
        }
        return (result, tracker.accesses)
    }
}
