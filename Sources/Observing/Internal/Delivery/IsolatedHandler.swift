/// Turns a handler formed in its caller's isolation into one the library calls synchronously.
///
/// `observe` takes its handler as `@_inheritActorContext @isolated(any) @Sendable`: written
/// in a `@MainActor` class or an actor, the closure is isolated to that actor, so it may use
/// the actor's state and capture the actor's non-`Sendable` objects; written in a nonisolated
/// context, it is an ordinary `@Sendable` closure whose captures must be `Sendable`, as
/// before. The compiler calls an `@isolated(any)` function only with `await`, but a
/// notification is synchronous, so the library calls it as the plain function type after
/// checking, on every call, that it runs on the handler's actor (SE-0423's dynamic isolation
/// check, as `MainActor.assumeIsolated` makes it). A handler with no isolation is called as is,
/// with no check.
@usableFromInline
enum IsolatedHandler {
    /// `handler` as a synchronous function that traps, naming `keyPath` and the actor, when
    /// it is called off the actor it is isolated to; for the paths that are not the hot path
    /// (bindings' transforms, `ObservableProperty`).
    @inlinable
    @inline(__always)
    static func synchronous<Argument, Result>(
        _ handler: @escaping @isolated(any) @Sendable (Argument) -> Result, keyPath: AnyKeyPath?
    ) -> @Sendable (Argument) -> Result {
        let call = IsolatedFunction(call: handler).unchecked.call
        guard let actor = handler.isolation else { return call }
        let check = Check(actor, keyPath: keyPath)
        return { argument in
            check.run()
            return call(argument)
        }
    }

    /// The check an isolated handler makes before each call: traps unless the current code
    /// runs on `actor`, with a message naming the key path and the actor.
    @usableFromInline
    struct Check: Sendable {
        @usableFromInline let actor: any Actor
        @usableFromInline let isMainActor: Bool
        // Unchecked: a key path is an immutable value; only the trap's message reads it.
        @usableFromInline let keyPath: UncheckedSendable<AnyKeyPath?>
        /// The registering call, which the message names for a computed key path (Swift prints
        /// none of its own); `line` 0 when the caller passed none.
        @usableFromInline let file: StaticString
        @usableFromInline let line: UInt

        /// Made where the handler is registered, in its actor's isolation, by the call at
        /// `file`:`line`.
        @usableFromInline
        init(_ actor: any Actor, keyPath: AnyKeyPath?, file: StaticString = "", line: UInt = 0) {
            self.actor = actor
            self.isMainActor = actor is MainActor
            self.keyPath = UncheckedSendable(value: keyPath)
            self.file = file
            self.line = line
            if isMainActor { _ = MainThread.isCurrent }  // on the main queue: records the main thread
        }

        /// The message of the trap when a change (of the key path as `KeyPathNaming.name(of:on:)`
        /// names it, with the registering call for a computed one) reaches the handler off its
        /// actor.
        @usableFromInline
        func message(on object: AnyObject?) -> String {
            var subject = "a change"
            if let keyPath = keyPath.value {
                let name = KeyPathNaming.name(of: keyPath, on: object)
                let isNamed = name.hasPrefix("\\")
                subject += " of \(name)" + (isNamed || line == 0 ? "" : " (registered at \(file):\(line))")
            }
            return "Observing: \(subject) was made off \(actor), the actor its handler is isolated to; "
                + "set the property on \(actor), or register from a nonisolated context or with a queue"
        }

        /// Traps unless the current code runs on the handler's actor; `object`, the observed
        /// object when the caller has it, lets the message name an `@Observed` property as
        /// written in source (`KeyPathNaming`), which only the trap's path looks up.
        @inlinable
        func run(on object: AnyObject? = nil) {
            if isMainActor {
                // The main actor's own check traps inside libdispatch on Linux, with no message.
                if !MainThread.isCurrent { fail(on: object) }
            } else {
                // The runtime's check; it keeps the message in debug builds only.
                actor.preconditionIsolated(message(on: object))
            }
        }

        @usableFromInline
        func fail(on object: AnyObject?) -> Never {
            // `fatalError`, not `preconditionFailure`: an optimized build drops a precondition's
            // message, and this one names what went wrong.
            fatalError(message(on: object))
        }
    }
}

/// A struct of one `@isolated(any)` function, and `Unchecked`, the struct of the same function
/// without the isolation, which the library calls synchronously.
///
/// Unsafe, the one cast of the isolated handlers (`unchecked`): an `@isolated(any)` function
/// value is a thick function whose context carries its isolation (SE-0431), with the plain
/// function's layout and calling convention, so the bit cast drops only the static isolation;
/// the caller restores the guarantee with an `IsolatedHandler.Check` unless the function's
/// isolation is `nil`. Each conformance pairs two structs whose one stored function has the
/// same parameters, declared alike (generic where the other is generic), so that both take
/// their arguments the same way. The struct is cast, not the function, so that the function is
/// not reabstracted (`unsafeBitCast` of a function passes it through generic thunks, each an
/// allocation). The internal-checks build asserts the layouts match; the tests call
/// nonisolated, main-actor and actor-isolated handlers this way in debug and release builds.
@usableFromInline
protocol IsolatedFunctionHolder {
    /// The struct of the same function, callable synchronously.
    associatedtype Unchecked
}

extension IsolatedFunctionHolder {
    /// The same function, callable synchronously and unchecked (see the protocol's discussion).
    @inlinable
    @inline(__always)
    var unchecked: Unchecked {
        #if OBSERVING_INTERNAL_CHECKS
            precondition(
                MemoryLayout<Self>.size == MemoryLayout<Unchecked>.size,
                "an @isolated(any) function no longer has a plain function's layout")
        #endif
        return unsafeBitCast(self, to: Unchecked.self)
    }
}

/// A handler as `observe` takes it, `@isolated(any)`; `unchecked`, a `SendableObjectHandler`.
@usableFromInline
struct IsolatedObjectHandler<Object: AnyObject, Value>: IsolatedFunctionHolder {
    @usableFromInline typealias Unchecked = SendableObjectHandler<Object, Value>

    @usableFromInline let call: @isolated(any) @Sendable (Object, KeyValueObservedChange<Value>) -> Void

    @inlinable
    init(call: @escaping @isolated(any) @Sendable (Object, KeyValueObservedChange<Value>) -> Void) {
        self.call = call
    }
}

extension IsolatedObjectHandler {
    /// The handler as a plain function: itself when it is not isolated, else wrapped in the
    /// check that traps off its actor, naming `keyPath` and the registration's `file` and
    /// `line`.
    @inlinable
    @inline(__always)
    func checked(_ keyPath: AnyKeyPath, file: StaticString, line: UInt)
        -> @Sendable (Object, KeyValueObservedChange<Value>) -> Void
    {
        let call = unchecked.call
        guard let actor = self.call.isolation else { return call }
        let check = IsolatedHandler.Check(actor, keyPath: keyPath, file: file, line: line)
        return { object, change in
            check.run(on: object)
            call(object, change)
        }
    }
}

/// The handler of `IsolatedObjectHandler.unchecked`, callable synchronously.
@usableFromInline
struct SendableObjectHandler<Object: AnyObject, Value> {
    @usableFromInline let call: @Sendable (Object, KeyValueObservedChange<Value>) -> Void
}

/// A one-argument function as the library takes it, `@isolated(any)`; `unchecked`, a
/// `SendableFunction`.
@usableFromInline
struct IsolatedFunction<Argument, Result>: IsolatedFunctionHolder {
    @usableFromInline typealias Unchecked = SendableFunction<Argument, Result>

    @usableFromInline let call: @isolated(any) @Sendable (Argument) -> Result

    @inlinable
    init(call: @escaping @isolated(any) @Sendable (Argument) -> Result) {
        self.call = call
    }
}

/// The function of `IsolatedFunction.unchecked`, callable synchronously.
@usableFromInline
struct SendableFunction<Argument, Result> {
    @usableFromInline let call: @Sendable (Argument) -> Result
}

/// A handler as `ObservableProperty.observe` takes it, `@isolated(any)`; `unchecked`, a
/// `SendableChangeHandler`.
///
/// Its own type, rather than `IsolatedFunction`, so that the function keeps the abstraction of
/// the property's stored callbacks and is not reabstracted.
@usableFromInline
struct IsolatedChangeHandler<Value>: IsolatedFunctionHolder {
    @usableFromInline typealias Unchecked = SendableChangeHandler<Value>

    @usableFromInline let call: @isolated(any) @Sendable (KeyValueObservedChange<Value>) -> Void

    @inlinable
    init(call: @escaping @isolated(any) @Sendable (KeyValueObservedChange<Value>) -> Void) {
        self.call = call
    }
}

extension IsolatedChangeHandler {
    /// The handler as a plain function: itself when it is not isolated, else wrapped in the
    /// check that traps off its actor.
    @inlinable
    @inline(__always)
    var checked: SendableChangeHandler<Value> {
        let handler = unchecked
        guard let actor = self.call.isolation else { return handler }
        let check = IsolatedHandler.Check(actor, keyPath: nil)
        let call = handler.call
        return SendableChangeHandler { change in
            check.run()
            call(change)
        }
    }
}

/// The handler of `IsolatedChangeHandler.unchecked`, callable synchronously; also how an
/// `ObservableProperty`'s entry stores its handler (`ChangeHandlerForm`).
@usableFromInline
struct SendableChangeHandler<Value> {
    @usableFromInline let call: @Sendable (KeyValueObservedChange<Value>) -> Void

    @inlinable
    init(call: @escaping @Sendable (KeyValueObservedChange<Value>) -> Void) {
        self.call = call
    }
}
