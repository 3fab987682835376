/// Mutations of an observable set property that notify as to-many changes, as KVO's
/// `mutableSetValue(forKey:)` proxy does.
///
/// Each mutation sends one notification whose kind follows KVO's `NSKeyValueSetMutationKind`:
/// a union (`insert(_:)`, `formUnion(_:)`) is an `.insertion` whose `newValue` is the set of
/// the elements actually inserted; a minus or an intersection (`remove(_:)`, `subtract(_:)`,
/// `formIntersection(_:)`, `removeAll()`) is a `.removal` whose `oldValue` is the set of the
/// elements actually removed. A mutation that changes nothing still notifies, as KVO does:
/// its kind, with an empty set. `indexes` is `nil`: a set has no positions. Assigning the
/// property directly still notifies as `.setting`.
///
/// ```swift
/// let tags = note.mutableSetValue(for: \.tags)
/// tags.formUnion(["swift", "kvo"])    // kind .insertion, new: the tags that were not there
/// tags.remove("kvo")                  // kind .removal, old: ["kvo"]
/// ```
///
/// The property may be `@Observed`, whose own mutation or set then stores the result; or any
/// other writable set (a key path formed on a subclass over an inherited `@Observed` set goes
/// through its own setter, inside a pair that reports the change). The proxy mutates it without a pair exactly when the last `@Observed` storage its
/// getter reads holds a `Set<Element>` (a chain's `@Observed` last link, or storage a computed
/// property passes through), whose set then notifies the key path's observers once, with a
/// `.setting` change. Otherwise (a plain set, or a chain whose last link is one) the proxy
/// notifies the key path's observers with `willChangeValue(for:)` and `didChangeValue(for:)`
/// around the mutation; a computed set whose setter writes `@Observed` storage of another type
/// is then notified twice. Like the property itself, use it in the object's isolation domain.
public struct MutableSetValue<Root: KeyValueObservable, Element: Hashable> {
    private let root: Root
    private let keyPath: ReferenceWritableKeyPath<Root, Set<Element>>

    init(root: Root, keyPath: ReferenceWritableKeyPath<Root, Set<Element>>) {
        self.root = root
        self.keyPath = keyPath
    }

    /// The current elements: what the property reads.
    public var elements: Set<Element> { root[keyPath: keyPath] }

    /// Inserts `element` if it is absent, as `addObject(_:)`.
    ///
    /// - Parameter element: The element to insert.
    /// - Returns: Whether it was inserted (`false` if it was already there).
    @discardableResult
    public func insert(_ element: Element) -> Bool {
        !mutate(
            .insertion, affected: { $0.contains(element) ? [] : [element] }, mutation: { $0.insert(element) }
        ).isEmpty
    }

    /// Removes `element` if it is present, as `removeObject(_:)`.
    ///
    /// - Parameter element: The element to remove.
    /// - Returns: The element removed, or `nil` if it was not there.
    @discardableResult
    public func remove(_ element: Element) -> Element? {
        mutate(
            .removal, affected: { $0.contains(element) ? [element] : [] }, mutation: { $0.remove(element) }
        ).first
    }

    /// Inserts the elements of `other` that are absent, as `union(_:)`.
    ///
    /// - Parameter other: The elements to insert.
    /// - Complexity: O(*m*), where *m* is the number of elements of `other`.
    public func formUnion(_ other: Set<Element>) {
        mutate(.insertion, affected: { other.subtracting($0) }, mutation: { $0.formUnion(other) })
    }

    /// Removes the elements of `other` that are present, as `minus(_:)`.
    ///
    /// - Parameter other: The elements to remove.
    /// - Complexity: O(*m*), where *m* is the number of elements of `other`.
    public func subtract(_ other: Set<Element>) {
        mutate(.removal, affected: { $0.intersection(other) }, mutation: { $0.subtract(other) })
    }

    /// Removes the elements that are not in `other`, as `intersect(_:)`.
    ///
    /// - Parameter other: The elements to keep.
    /// - Complexity: O(*n*), where *n* is the number of elements of the set.
    public func formIntersection(_ other: Set<Element>) {
        mutate(.removal, affected: { $0.subtracting(other) }, mutation: { $0.formIntersection(other) })
    }

    /// Removes every element, as `removeAllObjects()`.
    ///
    /// - Complexity: O(*n*), where *n* is the number of elements of the set.
    public func removeAll() {
        mutate(.removal, affected: { $0 }, mutation: { $0.removeAll() })
    }

    /// Carries out one mutation, notified as `kind` with the elements `affected` picks from the
    /// value the mutation builds on: what the property will hold once the sets waiting for
    /// their store (made from a `.prior` callback) are stored.
    ///
    /// - Returns: The elements inserted or removed.
    @discardableResult
    private func mutate(
        _ kind: KeyValueChangeKind, affected pick: (Set<Element>) -> Set<Element>,
        mutation body: (inout Set<Element>) -> Void
    ) -> Set<Element> {
        let isInsertion = kind == .insertion
        let (_, accesses) = AccessTracking.track { root[keyPath: keyPath] }
        let registry = root.storageRegistry(for: keyPath, in: accesses)
        let latest = registry?.valueAfterPendingStores ?? root[keyPath: keyPath]
        let affected = pick(latest)
        let (old, new) = isInsertion ? (nil, affected) : (affected, nil)
        root.performCollectionChange(
            .init(kind: kind, indexes: [], old: old, new: new, hasIndexes: false), at: keyPath,
            reading: accesses, body)
        return affected
    }
}

extension KeyValueObservable {
    /// A proxy whose mutations of the set at `keyPath` notify as to-many changes
    /// (`.insertion` and `.removal` with the elements inserted or removed), as KVO's
    /// `mutableSetValue(forKey:)`.
    ///
    /// - Parameter keyPath: A writable set property: `@Observed`, a computed property or a
    ///   chain whose last `@Observed` read is a set of this type, or notified by hand (the
    ///   proxy then wraps each mutation in a `willChangeValue`/`didChangeValue` pair; see
    ///   ``MutableSetValue`` for the exact rule).
    /// - Returns: The proxy; it retains this object.
    public func mutableSetValue<Element>(for keyPath: ReferenceWritableKeyPath<Self, Set<Element>>)
        -> MutableSetValue<Self, Element>
    {
        MutableSetValue(root: self, keyPath: keyPath)
    }
}
