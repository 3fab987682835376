import Synchronization

/// A unique identity a caller supplies with `addObserver(_:forKeyPath:options:context:)` and
/// must supply again to remove that registration, as KVO's `context` pointer.
///
/// Two contexts are equal only if one is a copy of the other: creating two contexts with the
/// same name gives two different identities. Keep one per class in a `static let`, so that a
/// subclass and its superclass never remove each other's registrations.
///
/// ```swift
/// final class Badge: KeyValueObserver {
///     static let context = ObservationContext("Badge")
/// }
/// ```
public struct ObservationContext: Hashable, Sendable, CustomStringConvertible {
    private static let nextID = Atomic<UInt64>(1)

    private let id: UInt64
    /// A name for debugging; not part of the identity.
    public let name: String

    /// Creates a new, unique context.
    ///
    /// - Parameter name: A name shown in descriptions; it does not affect equality.
    public init(_ name: String = "") {
        self.id = Self.nextID.wrappingAdd(1, ordering: .relaxed).oldValue
        self.name = name
    }

    /// Compares identities; names are ignored.
    ///
    /// - Parameters:
    ///   - lhs: A context.
    ///   - rhs: Another context.
    /// - Returns: Whether both are the same context.
    public static func == (lhs: ObservationContext, rhs: ObservationContext) -> Bool {
        lhs.id == rhs.id
    }

    /// Hashes the identity.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
    }

    /// The name and the identity, for example `ObservationContext("Badge" #3)`.
    public var description: String { "ObservationContext(\"\(name)\" #\(id))" }
}
