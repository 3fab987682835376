/// A `KeyValueObserver` registration (`addObserver`) without `.removeDuplicates`: the
/// observer, held unowned (`UnownedObject`: what KVO's contract calls weakly, the registration
/// ends with the observer), and what it registered with, in one object with no callback closure.
///
/// A delivery loads the observer once and calls it with the change, untyped and filtered for
/// the options. Compared with a callback entry, it spares the callback closure (an allocation
/// per registration, observe-bench c W5), its second weak reference to the observer, and a
/// closure call per delivery.
@usableFromInline
final class ObserverEntry<Value>: RegistryEntry<Value>, @unchecked Sendable {
    // Sendable: every field is immutable after the entry is shared (the owning isolation
    // domain registers it); the observer is held unowned (`held`).
    /// The observer, unowned and unchecked: read only while a strong reference that
    /// `held.retainIfAlive()` took keeps it alive (`deliver`, `anchor`).
    @usableFromInline unowned(unsafe) let observer: any KeyValueObserver
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
        self.observer = observer
        self.held = UnownedObject(observer)
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
        guard held.retainIfAlive() else { return false }
        // The strong reference just taken keeps the observer alive for the call.
        defer { held.release() }
        // Made straight from `change`, with no filtered copy of the typed change in between (a
        // copy of a generic struct goes through its value witnesses: observe-bench c W2).
        observer.observeValue(
            forKeyPath: keyPath, of: object, change: boxes.untyped(change, for: self), context: context)
        return true
    }

    override var identity: ObserverIdentity? {
        ObserverIdentity(
            observer: held.identifier, root: root, keyPath: keyPath, storageKeyPath: storageKeyPath,
            context: context)
    }

    override var anchor: AnyObject? { held.object }
    override var isAnchored: Bool { true }
    override var isAnchorAlive: Bool { held.isAlive }
}
