/// How a registry's delivery loop calls an entry that holds a handler (`holdsHandler`), and
/// when it sends that entry's prior call: a static choice, folded away where the loop is
/// specialized, so that neither kind of registry pays a branch per entry for the other.
///
/// The entries of one registry all have its form: an `@Observed` property's registry and a
/// registry of a key path notified by hand hold `ObservedObjectHandler`s
/// (`ObjectHandlerForm`), an `ObservableProperty`'s registry `SendableChangeHandler`s
/// (`ChangeHandlerForm`), each stored in the entry's one function field.
@usableFromInline
protocol HandlerForm {
    /// Whether a handler takes the object and the change (an `ObservedObjectHandler`), rather
    /// than the change alone (an `ObservableProperty`'s `SendableChangeHandler`).
    static var takesObject: Bool { get }

    /// Whether an entry's prior call comes right before its own after call, in the loop of
    /// the after calls (the value is stored before the notification), rather than in a pass
    /// of its own before the store.
    static var sendsPriorWithEachEntry: Bool { get }

    /// Whether every change delivered in this form carries a new value only: no old value, and
    /// no prior call. A handler asking for `.new` then gets the change as it is, where
    /// filtering it for the handler's options would copy it unchanged (a retain and a release
    /// of the value, an array's buffer say, per notification).
    static var deliversNewValueOnly: Bool { get }

    /// What the loop keeps for the observer entries (`ObserverEntry`) of a notification:
    /// `ObserverBoxes` for an observed object's registry, nothing for an `ObservableProperty`'s,
    /// which has no observer entries, so that its loop does not carry them (observe-bench d W1
    /// 378 -> 433 instructions per set, callgrind).
    associatedtype ObserverValues: ObserverValuesSlot
}

/// The loop's state for a notification's observer entries (see `HandlerForm.ObserverValues`).
@usableFromInline
protocol ObserverValuesSlot {
    init()
    /// Delivers `change` of `object` to the observer entry `entry`.
    ///
    /// - Returns: `false` when the observer is gone.
    mutating func deliver<Value>(
        _ change: KeyValueObservedChange<Value>, of object: AnyObject, to entry: RegistryEntry<Value>
    ) -> Bool
    /// Ends the notification, after the loop's last entry.
    mutating func release()
}

/// The state of a loop without observer entries: nothing.
@usableFromInline
struct NoObserverValues: ObserverValuesSlot {
    @inlinable
    init() {}

    @inlinable
    func deliver<Value>(
        _ change: KeyValueObservedChange<Value>, of object: AnyObject, to entry: RegistryEntry<Value>
    ) -> Bool {
        preconditionFailure("an observer entry in an ObservableProperty's registry")
    }

    @inlinable
    func release() {}
}

/// The handlers of an observed object's property: called with the object and the change; prior
/// calls go in their own pass, before the store.
@usableFromInline
enum ObjectHandlerForm: HandlerForm {
    @usableFromInline typealias ObserverValues = ObserverBoxes

    @inlinable
    static var takesObject: Bool { true }

    @inlinable
    static var sendsPriorWithEachEntry: Bool { false }

    @inlinable
    static var deliversNewValueOnly: Bool { false }
}

/// The handlers of an observed object's property, for the notification of a mutation in place
/// that no to-many description describes: its change is a `.setting` with the new value only
/// (no entry of such a notification asked for the old value), which a handler asking for
/// `.new` gets as it is.
@usableFromInline
enum NewValueObjectHandlerForm: HandlerForm {
    @usableFromInline typealias ObserverValues = ObserverBoxes

    @inlinable
    static var takesObject: Bool { true }

    @inlinable
    static var sendsPriorWithEachEntry: Bool { false }

    @inlinable
    static var deliversNewValueOnly: Bool { true }
}

/// The handlers of an `ObservableProperty`: called with the change alone, read as the
/// `SendableChangeHandler` they were stored as (through `ChangeHandlerEntryLayout`); each
/// entry's prior call comes right before its after call, since the property's sets store at
/// once.
@usableFromInline
enum ChangeHandlerForm: HandlerForm {
    @usableFromInline typealias ObserverValues = NoObserverValues

    @inlinable
    static var takesObject: Bool { false }

    @inlinable
    static var sendsPriorWithEachEntry: Bool { true }

    @inlinable
    static var deliversNewValueOnly: Bool { false }
}

/// The layout of a `RegistryEntry` that holds a `SendableChangeHandler` (an `ObservableProperty`'s
/// entry with `holdsHandler`), as its delivery reads it; never instantiated.
///
/// Both classes are `EntryBase` and one stored property of 16 bytes at the same offset: here a
/// struct of one thick function, there an optional one, whose `nil` is the null function
/// pointer (no extra byte), so that a non-`nil` value has the same bits as the struct. Declared
/// non-optional: a read of the optional copies the function (a retain and a release per
/// delivery, observe-bench d W2 4,437 -> 9,937 instructions per set, callgrind).
@usableFromInline
final class ChangeHandlerEntryLayout<Value>: EntryBase, @unchecked Sendable {
    // Sendable: never instantiated.
    @usableFromInline let function: SendableChangeHandler<Value>

    private init() {
        preconditionFailure("ChangeHandlerEntryLayout is a layout, never instantiated")
    }
}
