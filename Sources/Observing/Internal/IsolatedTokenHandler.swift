/// A handler as `observe(_:options:changeHandler:)`'s token-receiving form takes it,
/// `@isolated(any)`.
///
/// Cast to `SendableTokenHandler` as `IsolatedObjectHandler` is: an `@isolated(any)` function
/// is a plain function with its isolation beside it, and the caller checks the isolation
/// before each call (the cast's invariant; the internal-checks build asserts the layouts).
struct IsolatedTokenHandler<Object: AnyObject, Value> {
    let call: @isolated(any) @Sendable (Object, KeyValueObservedChange<Value>, ObservationToken) -> Void

    init(
        call:
            @escaping @isolated(any) @Sendable (Object, KeyValueObservedChange<Value>, ObservationToken) ->
            Void
    ) {
        self.call = call
    }

    /// The same handler, callable synchronously and unchecked.
    var unchecked: SendableTokenHandler<Object, Value> {
        #if OBSERVING_INTERNAL_CHECKS
            precondition(
                MemoryLayout<Self>.size == MemoryLayout<SendableTokenHandler<Object, Value>>.size,
                "an @isolated(any) function no longer has a plain function's layout")
        #endif
        return unsafeBitCast(self, to: SendableTokenHandler<Object, Value>.self)
    }
}

/// The handler of `IsolatedTokenHandler.unchecked`, callable synchronously.
struct SendableTokenHandler<Object: AnyObject, Value> {
    let call: @Sendable (Object, KeyValueObservedChange<Value>, ObservationToken) -> Void
}
