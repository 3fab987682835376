/// One registration on a property of value type `Value`: what a change runs.
///
/// The entry holds one function, in one 16-byte field, in one of two forms:
/// - a plain block observation (`observe` on the setting thread, without `.removeDuplicates`)
///   stores the caller's change handler itself (`holdsHandler`), so that registering
///   allocates no wrapping closure (observe-bench W4, W5); delivery filters the change for
///   the options and calls it, as the registry's `HandlerForm` says (with the object for an
///   observed object's property, without it for an `ObservableProperty`);
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
    /// The handler itself when `holdsHandler` (an `ObservedObjectHandler`, or an
    /// `ObservableProperty`'s `SendableChangeHandler`), else a `CallbackFunction`, each stored
    /// with this type (an `EntryFunction`: a struct of one thick function, which has one layout
    /// whatever its signature) and read back only in the form it was stored in; `nil` for an
    /// `ObserverEntry` (`callsObserver`), which holds no function. Optional at no cost: a
    /// function pointer is never null, so `nil` takes no extra byte.
    @usableFromInline let function: ObservedObjectHandler<AnyObject, Value>?

    /// A plain block observation of `handler`, owned by its token; the registry's
    /// `HandlerForm` is the one of `handler`'s type.
    @inlinable
    init<Handler: EntryFunction>(options: KeyValueObservingOptions, handler: Handler)
    where Handler.Value == Value {
        self.function = handler.asHandler
        super.init(options: options, isOwnedByToken: true, holdsHandler: true)
    }

    /// A registration that runs `callback`, which applies the options itself and returns
    /// whether the registration still lives; unless it belongs to an owner (`isCounted`
    /// false), it counts as a live registration.
    ///
    /// `priorCallOnlyReads` marks a dependency entry whose prior call only reads (see
    /// `EntryBase.priorCallOnlyReadsBit`).
    @inlinable
    init(
        options: KeyValueObservingOptions, isOwnedByToken: Bool, isCounted: Bool = true,
        priorCallOnlyReads: Bool = false, callback: @escaping Callback
    ) {
        self.function = CallbackFunction(call: callback).asHandler
        super.init(
            options: options, isOwnedByToken: isOwnedByToken, holdsHandler: false, isCounted: isCounted,
            priorCallOnlyReads: priorCallOnlyReads)
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

    /// Runs the registration for `change` of `object`, an entry of a registry whose handlers
    /// have the form `form`.
    ///
    /// - Returns: `false` when the registration found its observer or target gone.
    @inlinable
    @inline(__always)
    final func deliver<Form: HandlerForm>(
        _ change: KeyValueObservedChange<Value>, of object: AnyObject,
        form: Form.Type = ObjectHandlerForm.self
    ) -> Bool {
        var filtered = KeyValueObservedChange<Value>.Filtered()
        var observers = Form.ObserverValues()
        defer { observers.release() }
        return deliver(
            change, of: object, filtered: &filtered, observers: &observers, inLoop: false, form: form)
    }

    /// Runs the registration for `change` of `object`; a handler gets the change from
    /// `filtered`, which keeps it for the next handler entry with the same options, and is
    /// called as `form`, its registry's, says; an observer entry is delivered through
    /// `observers`, which keeps the values for the next one (the caller releases them);
    /// `inLoop` when the caller is the delivery loop over several entries (see
    /// `KeyValueObservedChange.Filtered.filter`).
    ///
    /// - Returns: `false` when the registration found its observer or target gone.
    @inlinable
    @inline(__always)
    final func deliver<Form: HandlerForm>(
        _ change: KeyValueObservedChange<Value>, of object: AnyObject,
        filtered: inout KeyValueObservedChange<Value>.Filtered, observers: inout Form.ObserverValues,
        inLoop: Bool, form: Form.Type = ObjectHandlerForm.self
    ) -> Bool {
        if holdsHandler {
            if Form.takesObject, Form.deliversNewValueOnly, wantsNew {
                #if OBSERVING_INTERNAL_CHECKS
                    precondition(
                        change.oldValue == nil && !change.isPrior,
                        "a change with more than a new value in \(form)")
                #endif
                // The change has a new value only (the form says so): filtered for `.new`, with
                // or without `.old`, it is the change itself. Unchecked unwrap, as below: an
                // entry made with a handler holds it.
                function.unsafelyUnwrapped.call(object, change)
                return true
            }
            filtered.filter(change, for: self, inLoop: inLoop)
            // Unchecked unwrap: an entry made with a handler holds it (checked by
            // `unsafelyUnwrapped` in debug builds).
            if Form.takesObject {
                function.unsafelyUnwrapped.call(object, filtered.filtered)
            } else {
                // Read through the layout that declares the field with the handler's own type,
                // the entry reinterpreted unretained and borrowed (`_withUnsafeGuaranteedRef`):
                // a cast of the function value copies it (a retain and a release per delivery,
                // two for the optional: observe-bench d W2 4,437 -> 16,629 instructions per set,
                // callgrind), and so does a field read through an `unsafeBitCast` reference.
                let layout = Unmanaged<ChangeHandlerEntryLayout<Value>>.fromOpaque(
                    Unmanaged.passUnretained(self).toOpaque())
                #if OBSERVING_INTERNAL_CHECKS
                    // The layout's field is this entry's `function`: the same bytes.
                    layout._withUnsafeGuaranteedRef { entry in
                        let throughLayout = withUnsafeBytes(of: entry.function) { Array($0) }
                        let throughField = withUnsafeBytes(of: function) { Array($0) }
                        precondition(
                            throughLayout == throughField,
                            "ChangeHandlerEntryLayout is not RegistryEntry's layout")
                    }
                #endif
                layout._withUnsafeGuaranteedRef { $0.function.call(filtered.filtered) }
            }
            return true
        }
        if callsObserver { return observers.deliver(change, of: object, to: self) }
        return storedCallback(object, change)
    }

    /// The registration as a callback, for a derived observation that takes it over (an
    /// observed object's registration: a handler here is an `ObservedObjectHandler`).
    @inlinable
    final var callback: Callback {
        if callsObserver {
            return { [self] object, change in
                var boxes = ObserverBoxes()
                defer { boxes.release() }
                return boxes.deliver(change, of: object, to: self)
            }
        }
        guard holdsHandler else { return storedCallback }
        let handler = function.unsafelyUnwrapped.call
        let (wantsNew, wantsOld) = (self.wantsNew, self.wantsOld)
        return { object, change in
            handler(object, change.filtered(new: wantsNew, old: wantsOld))
            return true
        }
    }
}
