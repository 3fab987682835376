/// A set waiting for its store in a `DeliveryStateMachine`: the value, and how the set changes
/// a to-many value, if it says.
@usableFromInline
protocol PendingStore {
    associatedtype Value
    associatedtype CollectionChange

    init(value: Value, collectionChange: CollectionChange?)

    /// The value the set stores.
    var value: Value { get }
    /// How the set changes a to-many value (`MutableArrayValue`), or `nil`.
    var collectionChange: CollectionChange? { get }
}

/// The set of a driver that never holds one (`ObservableProperty`, which stores at once): a
/// machine over `Never` cannot represent a deferred set, and its actions carry none.
extension Never: PendingStore {
    @usableFromInline typealias Value = Never
    @usableFromInline typealias CollectionChange = Never

    @inlinable
    init(value: Never, collectionChange: Never?) {
        self = value
    }

    @inlinable
    var value: Never {
        switch self {}
    }

    @inlinable
    var collectionChange: Never? { nil }
}
