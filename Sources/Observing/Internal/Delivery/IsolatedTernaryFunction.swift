/// A handler of three arguments as the token-receiving `observe` and `observeChanges` take it,
/// `@isolated(any)`.
///
/// Cast to `SendableTernaryFunction` as `IsolatedObjectHandler` is: an `@isolated(any)`
/// function is a plain function with its isolation beside it, and the caller checks the
/// isolation before each call (the cast's invariant; the internal-checks build asserts the
/// layouts).
struct IsolatedTernaryFunction<First, Second, Third> {
    let call: @isolated(any) @Sendable (First, Second, Third) -> Void

    init(call: @escaping @isolated(any) @Sendable (First, Second, Third) -> Void) {
        self.call = call
    }

    /// The same handler, callable synchronously and unchecked.
    var unchecked: SendableTernaryFunction<First, Second, Third> {
        #if OBSERVING_INTERNAL_CHECKS
            precondition(
                MemoryLayout<Self>.size == MemoryLayout<SendableTernaryFunction<First, Second, Third>>.size,
                "an @isolated(any) function no longer has a plain function's layout")
        #endif
        return unsafeBitCast(self, to: SendableTernaryFunction<First, Second, Third>.self)
    }
}

/// The handler of `IsolatedTernaryFunction.unchecked`, callable synchronously.
struct SendableTernaryFunction<First, Second, Third> {
    let call: @Sendable (First, Second, Third) -> Void
}

extension SendableTernaryFunction where First: AnyObject {
    /// The same handler, typed for any object as its first argument.
    ///
    /// Unsafe: only ever called with a `First`, as `ObservedObjectHandler.erased` is (a
    /// whole-object observation passes only the object it was made on). Both types are this
    /// struct, whose stored function takes its generic arguments the same way whatever they
    /// are, and a class instance and an `AnyObject` are one reference alike (sizes checked by
    /// `unsafeBitCast` in every build).
    var erasingFirst: SendableTernaryFunction<AnyObject, Second, Third> {
        unsafeBitCast(self, to: SendableTernaryFunction<AnyObject, Second, Third>.self)
    }
}
