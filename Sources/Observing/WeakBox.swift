/// A weak reference to an object, usable with class-bound protocol existentials such as
/// `WeakBox<any TabBarDelegate>`, which a generic `weak var` cannot hold.
///
/// The box never retains its object. `value` is `nil` once the object has deallocated.
/// A value that is not an object (a struct, an enum) is boxed by Swift in a new object that
/// nothing else holds, released at once, so `value` reads `nil`. Where Foundation is loaded,
/// some values bridge to shared objects instead (a small `Int` becomes a cached `NSNumber`)
/// and keep reading their value. Pass objects only.
///
/// ```swift
/// let box = WeakBox<any TabBarDelegate>(delegate)
/// box.value?.tabBarDidTapPlusButton(bar)
/// ```
///
/// `Sendable` when `Wrapped` is: the box is immutable and Swift's weak references may be read
/// from any thread, so sharing a box shares no more than the object it refers to.
public struct WeakBox<Wrapped> {
    /// The weak reference, in an object of its own.
    ///
    /// Held in the struct itself, Swift 6.3 misread a `nil` `WeakBox?` as a box in a debug
    /// build: a dictionary look-up answered `false` for a missing key, or crashed copying a
    /// weak reference out of it (`WeakDelegateTests`). A strong reference is a plain pointer
    /// to every layout.
    private let reference: WeakReference

    /// Creates a box that refers to `value` without retaining it.
    ///
    /// - Parameter value: The object to refer to.
    /// - Complexity: One allocation, of the object that holds the weak reference.
    public init(_ value: Wrapped) {
        reference = WeakReference(value as AnyObject)
    }

    private var object: AnyObject? { reference.object }

    /// The object, or `nil` once it has deallocated.
    ///
    /// - Complexity: One weak load and one dynamic cast (cached by the runtime after the first).
    public var value: Wrapped? {
        object.flatMap { $0 as? Wrapped }
    }

    /// Whether the box refers to `other` (the same object).
    ///
    /// - Parameter other: An object to compare with.
    /// - Returns: `true` if the boxed object is `other`.
    public func refers(to other: Wrapped) -> Bool {
        guard let object else { return false }
        return object === (other as AnyObject)
    }
}

// Unchecked: the `WeakReference` it holds is not `Sendable` to the compiler, but its one field is a
// weak reference set only by `init`, loaded atomically by the runtime, that only ever yields a
// `Sendable` `Wrapped`.
extension WeakBox: @unchecked Sendable where Wrapped: Sendable {}

/// The object that holds a `WeakBox`'s weak reference.
private final class WeakReference {
    // Set only by `init` (a `weak let` would say so, but needs Swift 6.2).
    weak var object: AnyObject?

    init(_ object: AnyObject) {
        self.object = object
    }
}
