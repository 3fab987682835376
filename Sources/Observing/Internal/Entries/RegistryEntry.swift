import Synchronization

// The registration record: `EntryBase`, the part the registry's list, removal and matching
// work on without generic metadata, and `RegistryEntry`, the typed part delivery calls. Two
// classes only because a non-generic list needs a non-generic supertype; they are one record
// (a plain observation's entry is one 40-byte object of both), so they are read together.

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
    /// six bits), with the entry's own `countedBit` and `observerBit` above them.
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
        callsObserver: Bool = false, isCounted: Bool = true
    ) {
        self.optionBits =
            UInt8(truncatingIfNeeded: options.rawValue & KeyValueObservingOptions.Bit.defined)
            | (callsObserver ? EntryBase.observerBit : 0) | (isCounted ? EntryBase.countedBit : 0)
        self.isOwnedByToken = isOwnedByToken
        self.holdsHandler = holdsHandler
        #if DEBUG
            if isCounted { LiveRegistrations.began() }
        #endif
        #if OBSERVING_INTERNAL_CHECKS
            precondition(
                KeyValueObservingOptions.Bit.defined < UInt(EntryBase.countedBit),
                "an option's bit does not fit below the entry's own bits")
            precondition(
                wantsNew == options.contains(.new) && wantsOld == options.contains(.old)
                    && wantsPrior == options.contains(.prior),
                "option bits \(optionBits) for \(options.rawValue)")
        #endif
    }

    #if DEBUG
        /// Whether `RegistrationSites` holds a record of this entry, which its `deinit` drops.
        @usableFromInline var hasSite = false

        deinit {
            if optionBits & EntryBase.countedBit != 0 { LiveRegistrations.ended() }
            if hasSite { RegistrationSites.forget(ObjectIdentifier(self)) }
        }
    #endif

    @inlinable
    final var options: KeyValueObservingOptions {
        KeyValueObservingOptions(rawValue: UInt(optionBits & ~(EntryBase.observerBit | EntryBase.countedBit)))
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

    /// Whether the options include `.prior` (see `wantsNew`).
    @inlinable
    final var wantsPrior: Bool { optionBits & EntryBase.priorBit != 0 }

    /// Calls the entry's observer with `change`, already untyped and filtered for the options
    /// (an entry with `callsObserver` overrides this; no other is called with it).
    ///
    /// - Returns: `false` when the observer is gone.
    @usableFromInline
    func callObserver(_ change: KeyValueChange, of object: AnyObject) -> Bool {
        preconditionFailure("\(type(of: self)) has callsObserver set but does not call an observer")
    }

    /// The observer identity `removeObserver` matches; `nil` but for observer registrations.
    var identity: ObserverIdentity? { nil }
    /// The object that spans several registries and ends them together, if any.
    var owner: (any RegistrationOwner)? { nil }
    /// The object whose lifetime bounds the registration, while it lives.
    var anchor: AnyObject? { nil }
    /// Whether the registration has an anchor (alive or not).
    var isAnchored: Bool { false }

    @inlinable
    final var isActive: Bool { activeFlag.load(ordering: .acquiring) }

    /// Active, and neither its owner nor its anchor is gone.
    final var isLive: Bool {
        guard isActive else { return false }
        if let owner, !owner.isAlive { return false }
        return !isAnchored || anchor != nil
    }

    final func deactivate() {
        activeFlag.store(false, ordering: .releasing)
    }

    final var registrationID: ObjectIdentifier {
        if let owner { return ObjectIdentifier(owner) }
        return ObjectIdentifier(self)
    }
}

/// One registration on a property of value type `Value`: what a change runs.
///
/// The entry holds one function, in one 16-byte field, in one of two forms:
/// - a plain block observation (`observe` on the setting thread, without `.removeDuplicates`)
///   stores the caller's change handler itself (`holdsHandler`), so that registering
///   allocates no wrapping closure (observe-bench W4, W5); delivery filters the change for
///   the options and calls it;
/// - every other registration stores a callback that receives the change as it is, applies
///   the options itself and returns whether the registration still lives.
///
/// A `KeyValueObserver` registration without `.removeDuplicates` is the subclass
/// `ObserverEntry` (`callsObserver`), which calls its observer with the untyped change
/// instead; what a few callback registrations need besides (an observer's identity, an
/// owner, an anchor) is the subclass `ExtendedRegistryEntry`. The delivery loop reads the
/// base's bits to pick the form, so no cast tells the kinds apart, and a handler or callback
/// is called inline, with no dynamic dispatch (observe-bench W2 pays it per observer).
///
/// One class for both forms, rather than an enum of them: a plain observation's entry stays
/// a 40-byte object (W5), the header, `EntryBase`'s 8 bytes and the function's 16, where an
/// enum's tag byte would make it 41 bytes, which takes a 64-byte heap cell instead of 48.
@usableFromInline
class RegistryEntry<Value>: EntryBase, @unchecked Sendable {
    // Sendable: the function is immutable and `@Sendable` where it was taken (the base's
    // mutable slot is guarded by the registry's lock).

    @usableFromInline
    typealias Callback = (_ object: AnyObject, _ change: KeyValueObservedChange<Value>) -> Bool

    /// The entry's function, in the form its bits say.
    ///
    /// The handler itself when `holdsHandler`, else a `CallbackFunction` stored with the
    /// handler's type (both a struct of one thick function, which has one layout whatever its
    /// signature), read back only in the form it was stored in; `nil` for an `ObserverEntry`
    /// (`callsObserver`), which holds no function. Optional at no cost: a function pointer is
    /// never null, so `nil` takes no extra byte.
    @usableFromInline let function: ObservedObjectHandler<AnyObject, Value>?

    /// A plain block observation of `handler`, owned by its token.
    @inlinable
    init(options: KeyValueObservingOptions, handler: ObservedObjectHandler<AnyObject, Value>) {
        self.function = handler
        super.init(options: options, isOwnedByToken: true, holdsHandler: true)
    }

    /// A registration that runs `callback`, which applies the options itself and returns
    /// whether the registration still lives; unless it belongs to an owner (`isCounted`
    /// false), it counts as a live registration.
    @inlinable
    init(
        options: KeyValueObservingOptions, isOwnedByToken: Bool, isCounted: Bool = true,
        callback: @escaping Callback
    ) {
        self.function = CallbackFunction(call: callback).asHandler
        super.init(
            options: options, isOwnedByToken: isOwnedByToken, holdsHandler: false, isCounted: isCounted)
    }

    /// An observer registration (`ObserverEntry`), which holds no function of its own (a
    /// closure made here would capture the generic context: an allocation per registration,
    /// observe-bench c W5).
    @inlinable
    init(observerEntryWith options: KeyValueObservingOptions) {
        self.function = nil
        super.init(options: options, isOwnedByToken: false, holdsHandler: false, callsObserver: true)
    }

    /// The stored callback; only for an entry that holds one (neither `holdsHandler` nor
    /// `callsObserver`, checked in the internal-checks build).
    @inlinable
    var storedCallback: Callback {
        #if OBSERVING_INTERNAL_CHECKS
            precondition(!holdsHandler && !callsObserver, "an entry of \(type(of: self)) holds no callback")
        #endif
        // Unchecked unwrap: only an `ObserverEntry` has no function (checked above in the
        // internal-checks build, and by `unsafelyUnwrapped` in debug builds).
        return CallbackFunction(handler: function.unsafelyUnwrapped).call
    }

    /// Runs the registration for `change` of `object`.
    ///
    /// - Returns: `false` when the registration found its observer or target gone.
    @inlinable
    @inline(__always)
    final func deliver(_ change: KeyValueObservedChange<Value>, of object: AnyObject) -> Bool {
        var filtered = KeyValueObservedChange<Value>.Filtered()
        return deliver(change, of: object, filtered: &filtered)
    }

    /// Runs the registration for `change` of `object`; a handler gets the change from
    /// `filtered`, which keeps it for the next handler entry with the same options.
    ///
    /// - Returns: `false` when the registration found its observer or target gone.
    @inlinable
    @inline(__always)
    final func deliver(
        _ change: KeyValueObservedChange<Value>, of object: AnyObject,
        filtered: inout KeyValueObservedChange<Value>.Filtered
    ) -> Bool {
        if holdsHandler {
            filtered.filter(change, for: self)
            // Unchecked unwrap: an entry made with a handler holds it (checked by
            // `unsafelyUnwrapped` in debug builds).
            function.unsafelyUnwrapped.call(object, filtered.filtered)
            return true
        }
        if callsObserver { return deliverToObserver(change, of: object) }
        return storedCallback(object, change)
    }

    /// The observer entry's delivery: the change untyped and filtered for the options, out of
    /// line, so that the handler path of `deliver` stays small enough to inline into the
    /// delivery loop (observe-bench b W1).
    @inlinable
    @inline(never)
    final func deliverToObserver(_ change: KeyValueObservedChange<Value>, of object: AnyObject) -> Bool {
        // Boxed straight from `change`, with no filtered copy of the typed change in between
        // (a copy of a generic struct goes through its value witnesses: observe-bench c W2);
        // filtered as `KeyValueObservedChange.filtered(new:old:)` does (no new value in a prior
        // call).
        let untyped = KeyValueChange(
            kind: change.kind, newValue: wantsNew && !change.isPrior ? change.newValue.map { $0 } : nil,
            oldValue: wantsOld ? change.oldValue.map { $0 } : nil, indexes: change.indexes,
            isPrior: change.isPrior)
        return callObserver(untyped, of: object)
    }

    /// The registration as a callback, for a derived observation that takes it over.
    @inlinable
    final var callback: Callback {
        if callsObserver { return { [self] object, change in deliverToObserver(change, of: object) } }
        guard holdsHandler else { return storedCallback }
        let handler = function.unsafelyUnwrapped.call
        let (wantsNew, wantsOld) = (self.wantsNew, self.wantsOld)
        return { object, change in
            handler(object, change.filtered(new: wantsNew, old: wantsOld))
            return true
        }
    }
}
