/// A `KeyValueObserver` registration (`addObserver`) without `.removeDuplicates`: the
/// observer, held unowned (`UnownedObject`: what KVO's contract calls weakly, the registration
/// ends with the observer), and what it registered with, in one object with no callback closure.
///
/// A delivery retains the observer if it is alive (`retainedObserver()`) and calls it with the
/// change, untyped and filtered for the options. Compared with a callback entry, it spares the
/// callback closure (an allocation per registration, observe-bench c W5), a weak reference to
/// the observer, and a closure call per delivery.
@usableFromInline
final class ObserverEntry<Value>: RegistryEntry<Value>, @unchecked Sendable {
    // Sendable: every field is immutable after the entry is shared (the owning isolation
    // domain registers it); the observer is held unowned (`held`).
    /// The witness table of the observer's conformance, the second word of its existential.
    ///
    /// The first word, the object's address, is `held.address`; `retainedObserver()` puts the
    /// two together. With both words stored here as well, the entry was a 96-byte object in a
    /// 112-byte malloc chunk; it is an 88-byte one in a 96-byte chunk (observe-bench c W5).
    @usableFromInline let witnessTable: UInt
    /// The observer's memory, kept while this entry lives, so that a delivery can retain the
    /// observer if it is still alive without a weak reference (`UnownedObject`).
    @usableFromInline let held: UnownedObject
    @usableFromInline let keyPath: AnyKeyPath
    @usableFromInline let context: ObservationContext?
    private let root: ObjectIdentifier
    private let storageKeyPath: AnyKeyPath?

    @usableFromInline
    init(
        observer: any KeyValueObserver, root: ObjectIdentifier, keyPath: AnyKeyPath,
        storageKeyPath: AnyKeyPath?,
        options: KeyValueObservingOptions, context: ObservationContext?
    ) {
        // `as any KeyValueObserver` keeps the existential whole: passed plainly, it would be opened
        // (SE-0352) and its bytes would be the object reference alone.
        let bytes = withUnsafeBytes(of: observer as any KeyValueObserver) {
            $0.loadUnaligned(as: ObserverBytes.self)
        }
        self.witnessTable = bytes.witnessTable
        self.held = UnownedObject(observer)
        #if OBSERVING_INTERNAL_CHECKS
            precondition(
                bytes.address == UInt(bitPattern: held.address),
                "the observer's bytes do not start with its address")
        #endif
        self.root = root
        self.keyPath = keyPath
        self.storageKeyPath = storageKeyPath
        self.context = context
        super.init(observerEntryWith: options)
    }

    /// Calls the observer with `change`, untyped and filtered for the options, its values
    /// kept typed in `boxes` for the next observer entry of the notification.
    ///
    /// Out of line, so that the handler path of `RegistryEntry.deliver` stays small enough to
    /// inline into the delivery loop (observe-bench b W1); reached from the loop by a downcast
    /// (`ObserverBoxes.deliver`), not a dynamic call.
    ///
    /// - Returns: `false` when the observer is gone.
    @inlinable
    @inline(never)
    final func deliver(
        _ change: KeyValueObservedChange<Value>, of object: AnyObject, boxes: inout ObserverBoxes
    ) -> Bool {
        guard let observer = retainedObserver() else { return false }
        let untyped: KeyValueChange
        if InlineValue.holds(Value.self), newAndOldBits == EntryBase.newBit, !change.isPrior,
            change.indexes == nil, let newValue = change.newValue
        {
            // A small trivial new value alone: kept in the change, no shared values to make.
            untyped = KeyValueChange(
                kind: change.kind, values: nil, inlineNewValue: InlineValue(newValue), isPrior: false)
        } else {
            // Made straight from `change`, with no filtered copy of the typed change in between
            // (a copy of a generic struct goes through its value witnesses: observe-bench c W2).
            untyped = boxes.untyped(change, for: self)
        }
        observer.observeValue(forKeyPath: keyPath, of: object, change: untyped, context: context)
        return true
    }

    /// The observer, retained for as long as the caller keeps the value, or `nil` once its
    /// `deinit` has begun: made of its address and `witnessTable` by `held.retainedValue(of:madeOf:)`, one
    /// retain and one release per delivery (an `unowned(unsafe)` existential read instead copies
    /// it: a second pair, observe-bench c W2 about 46 instructions and two atomic operations).
    @inlinable
    func retainedObserver() -> (any KeyValueObserver)? {
        #if OBSERVING_INTERNAL_CHECKS
            precondition(
                MemoryLayout<any KeyValueObserver>.size == MemoryLayout<ObserverBytes>.size,
                "a KeyValueObserver existential is not an address and one witness table")
        #endif
        let observerBytes: ObserverBytes = (UInt(bitPattern: held.address), witnessTable)
        return withUnsafeBytes(of: observerBytes) { bytes in
            held.retainedValue(of: (any KeyValueObserver).self, madeOf: bytes.baseAddress.unsafelyUnwrapped)
        }
    }

    override var identity: ObserverIdentity? {
        ObserverIdentity(
            observer: held.identifier, root: root, keyPath: keyPath, storageKeyPath: storageKeyPath,
            context: context)
    }

    override func isRegistration(
        of observer: ObjectIdentifier, root: ObjectIdentifier, keyPath: AnyKeyPath,
        storageKeyPath: AnyKeyPath?, context: ObservationContext?
    ) -> Bool {
        held.identifier == observer && self.root == root && self.context == context
            && ObserverIdentity.keyPath(
                self.keyPath, reading: self.storageKeyPath, matches: keyPath, reading: storageKeyPath)
    }

    override var anchor: AnyObject? { held.object }
    override var isAnchored: Bool { true }
    override var isAnchorAlive: Bool { held.isAlive }
}

/// The two words of a `KeyValueObserver` existential: the object's address and the witness table
/// of its conformance (a class-bound existential of one protocol; `SendableMetatype` is a
/// marker and adds none).
@usableFromInline
typealias ObserverBytes = (address: UInt, witnessTable: UInt)
