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
    /// it is called off the actor it is isolated to.
    ///
    /// Unsafe: an `@isolated(any)` function value is a thick function whose context carries its
    /// isolation (SE-0431), with the plain function's layout and calling convention, so the
    /// bit cast only drops the static isolation; the returned function restores the guarantee
    /// by checking the isolation before each call. The internal-checks build asserts that the
    /// layouts match; the tests call nonisolated, main-actor and actor-isolated handlers this
    /// way in debug and release builds.
    @inlinable
    @inline(__always)
    static func synchronous<Object, Change>(
        _ handler: @escaping @isolated(any) @Sendable (Object, Change) -> Void, keyPath: AnyKeyPath
    ) -> @Sendable (Object, Change) -> Void {
        #if OBSERVING_INTERNAL_CHECKS
            precondition(
                MemoryLayout.size(ofValue: handler) == MemoryLayout<@Sendable (Object, Change) -> Void>.size,
                "an @isolated(any) function no longer has a plain function's layout")
        #endif
        let call = unsafeBitCast(handler, to: (@Sendable (Object, Change) -> Void).self)
        guard let actor = handler.isolation else { return call }
        // Unchecked: a key path is an immutable value; the trap's message only reads it.
        let keyPath = UncheckedSendable(value: keyPath)
        return { object, change in
            actor.preconditionIsolated(offActorMessage(keyPath: keyPath.value, actor: actor))
            call(object, change)
        }
    }

    /// `handler` as a synchronous function; see `synchronous(_:keyPath:)`.
    @inlinable
    @inline(__always)
    static func synchronous<Argument, Result>(
        _ handler: @escaping @isolated(any) @Sendable (Argument) -> Result, keyPath: AnyKeyPath?
    ) -> @Sendable (Argument) -> Result {
        #if OBSERVING_INTERNAL_CHECKS
            precondition(
                MemoryLayout.size(ofValue: handler) == MemoryLayout<@Sendable (Argument) -> Result>.size,
                "an @isolated(any) function no longer has a plain function's layout")
        #endif
        let call = unsafeBitCast(handler, to: (@Sendable (Argument) -> Result).self)
        guard let actor = handler.isolation else { return call }
        // Unchecked: a key path is an immutable value; the trap's message only reads it.
        let keyPath = UncheckedSendable(value: keyPath)
        return { argument in
            actor.preconditionIsolated(offActorMessage(keyPath: keyPath.value, actor: actor))
            return call(argument)
        }
    }

    /// Traps unless the current code runs on `actor`, naming `keyPath` and the actor; does
    /// nothing when `actor` is `nil`.
    @inlinable
    static func check(_ actor: (any Actor)?, keyPath: AnyKeyPath?) {
        guard let actor else { return }
        actor.preconditionIsolated(offActorMessage(keyPath: keyPath, actor: actor))
    }

    /// The message of the trap when a change reaches an isolated handler off its actor.
    @usableFromInline
    static func offActorMessage(keyPath: AnyKeyPath?, actor: any Actor) -> String {
        let subject = keyPath.map { "a change of \($0)" } ?? "a change"
        return "Observing: \(subject) was made off \(actor), the actor its handler is isolated to; "
            + "set the property on \(actor), or register from a nonisolated context or with a queue"
    }
}
