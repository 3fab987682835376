/// Weak references to the objects a test drops, to check that each one is freed.
///
/// ```swift
/// var leaks = LeakCheck()
/// do {
///     let probe = LifetimeProbe()
///     leaks.track(probe, as: "the handler's capture")
///     ...
/// }
/// #expect(leaks.survivors.isEmpty)
/// ```
struct LeakCheck {
    private var tracked: [(name: String, isAlive: () -> Bool)] = []

    /// Starts tracking `object` without retaining it.
    mutating func track(_ object: AnyObject, as name: String) {
        tracked.append((name, { [weak object] in object != nil }))
    }

    /// The names of the tracked objects that are still alive.
    var survivors: [String] {
        tracked.filter { $0.isAlive() }.map(\.name)
    }
}
