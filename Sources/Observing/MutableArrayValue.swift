/// Element-level mutations of an observable array property that notify as to-many changes,
/// as KVO's `mutableArrayValue(forKey:)` proxy does.
///
/// Each mutation runs as a mutation through the property (in place when it can, as
/// `items.append(x)` does) or as a set of the whole new array, with one notification whose
/// `kind` is `.insertion`, `.removal` or `.replacement`, whose `indexes`
/// name the affected positions, and whose `oldValue`/`newValue` hold only the affected
/// elements in ascending index order (as KVO's `NSKeyValueChange` kinds do). Assigning the
/// property directly still notifies as `.setting`.
///
/// ```swift
/// let items = inbox.mutableArrayValue(for: \.messages)
/// items.insert("hello", at: 0)       // kind .insertion, indexes [0], new ["hello"]
/// ```
///
/// Each mutation builds on the latest value, including sets that wait for their store: from
/// a `.prior` callback, where the property still reads the old value and sets are deferred
/// until the set in flight completes, two mutations in a row apply one after the other, and
/// each is notified later with its own kind and indexes.
///
/// The property may be `@Observed`, whose own mutation or set then stores the result; or any
/// other writable array (a key path formed on a subclass over an inherited `@Observed` array
/// goes through its own setter, inside a pair that reports the change). The proxy mutates it without a pair exactly when the last `@Observed` storage its
/// getter reads holds an `[Element]` (a chain's `@Observed` last link, or storage a computed
/// property passes through), whose set then notifies the key path's observers once, with a
/// `.setting` change. Otherwise (a plain array, or a chain whose last link is one) the proxy
/// notifies the key path's observers by hand around the mutation, with
/// `willChange(_:valuesAt:for:)` and `didChange(_:valuesAt:for:)` and the same kinds, indexes
/// and elements, as `mutableSetValue(for:)` does for a set; a computed array whose setter
/// writes `@Observed` storage of another type is then notified twice. Like the property
/// itself, use it in the object's isolation domain. Indexes out of bounds trap, as `Array`'s
/// own mutations do.
public struct MutableArrayValue<Root: KeyValueObservable, Element> {
    private let root: Root
    private let keyPath: ReferenceWritableKeyPath<Root, [Element]>

    init(root: Root, keyPath: ReferenceWritableKeyPath<Root, [Element]>) {
        self.root = root
        self.keyPath = keyPath
    }

    /// The current elements: what the property reads.
    public var elements: [Element] { root[keyPath: keyPath] }

    /// Inserts `element` at `index`, as `insertObject(_:at:)`.
    ///
    /// - Parameters:
    ///   - element: The element to insert.
    ///   - index: Its position in the new array; `0...count`.
    /// - Complexity: O(*n*), where *n* is the number of elements after `index`.
    public func insert(_ element: Element, at index: Int) {
        mutate(kind: .insertion, indexes: [index], old: nil, new: [element]) { $0.insert(element, at: index) }
    }

    /// Inserts `newElements` so that they end up at `indexes` in the new array, as
    /// `insert(_:at:)` with an index set.
    ///
    /// - Parameters:
    ///   - newElements: The elements, one per index, in ascending index order.
    ///   - indexes: Their positions in the new array.
    /// - Complexity: O(*n* + *k* log *k*), where *n* is the number of elements and *k* the
    ///   number of indexes.
    public func insert(_ newElements: [Element], at indexes: Set<Int>) {
        let sorted = indexes.sorted()
        precondition(sorted.count == newElements.count, "one element per index is required")
        mutate(kind: .insertion, indexes: indexes, old: nil, new: newElements) { array in
            for (index, element) in zip(sorted, newElements) { array.insert(element, at: index) }
        }
    }

    /// Appends `element`.
    ///
    /// - Parameter element: The element to append.
    /// - Complexity: Amortized O(1) when the property can be mutated in place (nobody asks for
    ///   its old value; see the type's discussion), else O(*n*).
    public func append(_ element: Element) {
        let index = latest { $0.count }
        mutate(kind: .insertion, indexes: [index], old: nil, new: [element]) { $0.append(element) }
    }

    /// Removes the element at `index`, as `removeObject(at:)`.
    ///
    /// - Parameter index: A valid position.
    /// - Complexity: O(*n*), where *n* is the number of elements after `index`.
    public func remove(at index: Int) {
        remove(at: [index])
    }

    /// Removes the elements at `indexes` (positions in the current array), as `removeObjects(at:)`.
    ///
    /// - Parameter indexes: Valid positions.
    /// - Complexity: O(*n* + *k* log *k*), where *n* is the number of elements and *k* the
    ///   number of indexes.
    public func remove(at indexes: Set<Int>) {
        let sorted = indexes.sorted()
        let removed = latest { array in sorted.map { array[$0] } }
        mutate(kind: .removal, indexes: indexes, old: removed, new: nil) { array in
            for index in sorted.reversed() { array.remove(at: index) }
        }
    }

    /// Replaces the element at `index`, as `replaceObject(at:with:)`.
    ///
    /// - Parameters:
    ///   - index: A valid position.
    ///   - element: The new element.
    public func replace(at index: Int, with element: Element) {
        replace(at: [index], with: [element])
    }

    /// Replaces the elements at `indexes`, as `replaceObjects(at:with:)`.
    ///
    /// - Parameters:
    ///   - indexes: Valid positions.
    ///   - newElements: The new elements, one per index, in ascending index order.
    /// - Complexity: O(*k* log *k*) in place, where *k* is the number of indexes, else O(*n*).
    public func replace(at indexes: Set<Int>, with newElements: [Element]) {
        let sorted = indexes.sorted()
        precondition(sorted.count == newElements.count, "one element per index is required")
        let replaced = latest { array in sorted.map { array[$0] } }
        mutate(kind: .replacement, indexes: indexes, old: replaced, new: newElements) { array in
            for (index, element) in zip(sorted, newElements) { array[index] = element }
        }
    }

    /// `read` of what the next mutation builds on: the value the property will hold once the
    /// sets waiting for their store are stored (see the type's discussion), else its value.
    ///
    /// The array is read inside `read` only, so that no copy outlives it to make the
    /// property's buffer shared when the mutation runs.
    private func latest<Result>(_ read: ([Element]) -> Result) -> Result {
        if let registry = registry(), let pending = registry.valueAfterPendingStores {
            return read(pending)
        }
        return read(root[keyPath: keyPath])
    }

    /// The registry of the property, made by a tracked read if the property has none.
    private func registry() -> PropertyRegistry<[Element]>? {
        let (_, accesses) = AccessTracking.track { root[keyPath: keyPath] }
        return root.storageRegistry(for: keyPath, in: accesses)
    }

    /// Carries out one mutation, described for the notification as `kind`, `indexes`, `old`
    /// and `new` (`KeyValueObservable.performCollectionChange`).
    private func mutate(
        kind: KeyValueChangeKind, indexes: Set<Int>, old: [Element]?, new: [Element]?,
        _ body: (inout [Element]) -> Void
    ) {
        let (_, accesses) = AccessTracking.track { root[keyPath: keyPath] }
        root.performCollectionChange(
            .init(kind: kind, indexes: indexes, old: old, new: new), at: keyPath, reading: accesses, body)
    }
}

extension KeyValueObservable {
    /// A proxy whose mutations of the array at `keyPath` notify as to-many changes
    /// (`.insertion`, `.removal`, `.replacement` with indexes), as KVO's
    /// `mutableArrayValue(forKey:)`.
    ///
    /// - Parameter keyPath: A writable array property: `@Observed`, a computed property or a
    ///   chain whose last `@Observed` read is an array of this type (whose observers receive a
    ///   `.setting` change), or a property notified by hand (the proxy then wraps each mutation
    ///   in a `willChange(_:valuesAt:for:)`/`didChange(_:valuesAt:for:)` pair; see
    ///   ``MutableArrayValue`` for the exact rule).
    /// - Returns: The proxy; it retains this object.
    public func mutableArrayValue<Element>(for keyPath: ReferenceWritableKeyPath<Self, [Element]>)
        -> MutableArrayValue<Self, Element>
    {
        MutableArrayValue(root: self, keyPath: keyPath)
    }
}
