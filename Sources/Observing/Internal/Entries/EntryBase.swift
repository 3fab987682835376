import Synchronization

/// One registration in one property registry: the part that does not depend on the value type.
///
/// Registration bookkeeping (the list, removal, counting, matching) works on this class alone,
/// so it runs without generic metadata; only delivery needs the typed `RegistryEntry`.
///
/// The stored fields pack into 8 bytes after the object header, so that a plain block
/// observation's entry (this, plus its handler) is a 40-byte object (observe-bench W5). What
/// few registrations need besides (an observer's identity, an owner, an anchor) lives in the
/// subclass `ExtendedRegistryEntry`, reached through the overridable accessors below.
@usableFromInline
class EntryBase: Slotted, @unchecked Sendable {
    // Sendable: immutable but `slotIndex` (the registry's lock guards it) and the atomic flag.
    /// Position in the registry's entry list; guarded by the registry's lock.
    ///
    /// 32 bits: a list never holds 2^31 entries (each is an object of 40 bytes or more).
    // Unchecked exclusivity: only read and written under the registry's lock.
    @exclusivity(unchecked) @usableFromInline var slotIndex: Int32 = 0
    /// The registration's options (the bits `KeyValueObservingOptions.Bit` defines, in the low
    /// five bits), with the entry's own `priorCallOnlyReadsBit`, `countedBit` and `observerBit`
    /// above them.
    @usableFromInline let optionBits: UInt8
    /// Whether a token owns this entry; such an entry leaves its registry only through the token.
    @usableFromInline let isOwnedByToken: Bool
    /// Whether the entry's delivery takes the change filtered for the options.
    ///
    /// It does for a `RegistryEntry` made with a handler, or an `ObservableProperty` entry
    /// made without a queue or `.removeDuplicates`, both holding the caller's change handler;
    /// others take the change as it is (a callback that applies the options itself, and for a
    /// registry's entry also returns whether its registration lives) or untyped (an
    /// `ObserverEntry`, `callsObserver`). The delivery loop reads it to pick the form.
    @usableFromInline let holdsHandler: Bool
    @usableFromInline let activeFlag = Atomic<Bool>(true)

    /// Whether the entry's delivery takes the untyped change, as an `ObserverEntry` calls a
    /// `KeyValueObserver` with it: a bit of `optionBits` above the options' own, so that a
    /// handler entry stays a 40-byte object (W5).
    @inlinable
    final var callsObserver: Bool { optionBits & EntryBase.observerBit != 0 }

    /// The bit of `optionBits` that marks an entry whose delivery takes the untyped change.
    @inlinable
    static var observerBit: UInt8 { 0b1000_0000 }

    /// Position in the registry's entry list; guarded by the registry's lock.
    @usableFromInline final var slot: Int {
        get { Int(slotIndex) }
        set { slotIndex = Int32(truncatingIfNeeded: newValue) }
    }

    /// The bit of `optionBits` that marks a dependency entry whose prior call only reads the
    /// derived observation's value before the change (its registration asks for `.old`, not
    /// `.prior`): it needs neither the property's old value nor runs a handler, so a mutation in
    /// place still runs, sending it its prior call before the mutation begins.
    @usableFromInline
    static var priorCallOnlyReadsBit: UInt8 { 0b0010_0000 }

    /// Whether the entry's prior call only reads (see `priorCallOnlyReadsBit`).
    @inlinable
    final var priorCallOnlyReads: Bool { optionBits & EntryBase.priorCallOnlyReadsBit != 0 }

    /// The bit of `optionBits` that marks an entry counted in `LiveRegistrations`: every
    /// entry but the dependency entries of an owner, which counts itself or is counted
    /// through the entry it was made with.
    @usableFromInline
    static var countedBit: UInt8 { 0b0100_0000 }

    /// Creates an entry; unless it belongs to an owner (`isCounted` false), it counts as one
    /// live registration until it is deallocated, in debug builds (two atomic operations
    /// cost observe-bench b W4 about 4%, so release builds count nothing).
    @usableFromInline
    init(
        options: KeyValueObservingOptions, isOwnedByToken: Bool, holdsHandler: Bool,
        callsObserver: Bool = false, isCounted: Bool = true, priorCallOnlyReads: Bool = false
    ) {
        self.optionBits =
            UInt8(truncatingIfNeeded: options.rawValue & KeyValueObservingOptions.Bit.defined)
            | (callsObserver ? EntryBase.observerBit : 0) | (isCounted ? EntryBase.countedBit : 0)
            | (priorCallOnlyReads ? EntryBase.priorCallOnlyReadsBit : 0)
        self.isOwnedByToken = isOwnedByToken
        self.holdsHandler = holdsHandler
        #if DEBUG
            if isCounted { LiveRegistrations.began() }
        #endif
        #if OBSERVING_INTERNAL_CHECKS
            precondition(
                KeyValueObservingOptions.Bit.defined < UInt(EntryBase.priorCallOnlyReadsBit),
                "an option's bit does not fit below the entry's own bits")
            precondition(
                wantsNew == options.contains(.new) && wantsOld == options.contains(.old)
                    && wantsPrior == options.contains(.prior),
                "option bits \(optionBits) for \(options.rawValue)")
        #endif
    }

    #if DEBUG
        /// Where the registration was made (`RegistrationSites`), in debug builds: written once,
        /// before the entry is added to a registry, and read only after that.
        @usableFromInline var site: RegistrationSites.Site?

        deinit {
            if optionBits & EntryBase.countedBit != 0 { LiveRegistrations.ended() }
        }
    #endif

    @inlinable
    final var options: KeyValueObservingOptions {
        KeyValueObservingOptions(rawValue: UInt(optionBits) & KeyValueObservingOptions.Bit.defined)
    }

    /// The bit of `.new` in `optionBits`: the option's own (`KeyValueObservingOptions.Bit`).
    @inlinable
    static var newBit: UInt8 { UInt8(truncatingIfNeeded: KeyValueObservingOptions.Bit.new) }
    /// The bit of `.old` in `optionBits` (see `newBit`).
    @inlinable
    static var oldBit: UInt8 { UInt8(truncatingIfNeeded: KeyValueObservingOptions.Bit.old) }
    /// The bit of `.prior` in `optionBits` (see `newBit`).
    @inlinable
    static var priorBit: UInt8 { UInt8(truncatingIfNeeded: KeyValueObservingOptions.Bit.prior) }

    /// Whether the options include `.new`, tested on the stored bits: the options' static
    /// members are reached through a call from another module, on every delivery.
    @inlinable
    final var wantsNew: Bool { optionBits & EntryBase.newBit != 0 }

    /// Whether the options include `.old` (see `wantsNew`).
    @inlinable
    final var wantsOld: Bool { optionBits & EntryBase.oldBit != 0 }

    /// The `.new` and `.old` bits of the options, which decide how a change is filtered for
    /// this entry.
    @inlinable
    final var newAndOldBits: UInt8 { optionBits & (EntryBase.newBit | EntryBase.oldBit) }

    /// `entry.newAndOldBits`, read by a call the optimizer does not see into, so that the caller
    /// does not keep the value from an earlier read in a register
    /// (`KeyValueObservedChange.Filtered.filter`).
    @usableFromInline
    @inline(never)
    static func newAndOldBits(of entry: EntryBase) -> UInt8 { entry.newAndOldBits }

    /// Whether the options include `.prior` (see `wantsNew`).
    @inlinable
    final var wantsPrior: Bool { optionBits & EntryBase.priorBit != 0 }

    /// The observer identity `removeObserver` matches; `nil` but for observer registrations.
    var identity: ObserverIdentity? { nil }

    /// Whether `removeObserver(_:forKeyPath:context:)` names this registration.
    ///
    /// True when this registers `observer` on the object `root` and `keyPath` (which reads
    /// `storageKeyPath`) and `context` match it as `ObserverIdentity.matches` says. Liveness is
    /// not checked.
    ///
    /// An entry that keeps the identity's fields itself overrides this to compare them without
    /// making an identity (a retain and a release of each key path and the context name).
    func isRegistration(
        of observer: ObjectIdentifier, root: ObjectIdentifier, keyPath: AnyKeyPath,
        storageKeyPath: AnyKeyPath?, context: ObservationContext?
    ) -> Bool {
        guard let identity, identity.observer == observer else { return false }
        return identity.matches(
            root: root, keyPath: keyPath, storageKeyPath: storageKeyPath, context: context)
    }

    /// The object that spans several registries and ends them together, if any.
    var owner: (any RegistrationOwner)? { nil }
    /// The object whose lifetime bounds the registration, while it lives.
    var anchor: AnyObject? { nil }
    /// Whether the registration has an anchor (alive or not).
    var isAnchored: Bool { false }
    /// Whether the anchor is alive; an entry that can tell without loading it overrides this.
    var isAnchorAlive: Bool { anchor != nil }

    @inlinable
    final var isActive: Bool { activeFlag.load(ordering: .acquiring) }

    /// Active, and neither its owner nor its anchor is gone.
    final var isLive: Bool {
        guard isActive else { return false }
        if let owner, !owner.isAlive { return false }
        return !isAnchored || isAnchorAlive
    }

    final func deactivate() {
        activeFlag.store(false, ordering: .releasing)
    }

    final var registrationID: ObjectIdentifier {
        if let owner { return ObjectIdentifier(owner) }
        return ObjectIdentifier(self)
    }
}
