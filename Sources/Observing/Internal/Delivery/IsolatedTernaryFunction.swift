/// A handler of three arguments as the token-receiving `observe` and `observeChanges` take it,
/// `@isolated(any)`; `unchecked`, a `SendableTernaryFunction` typed for any object as its first
/// argument.
///
/// Unsafe, besides the isolation (`IsolatedFunctionHolder`): the handler is only ever called
/// with a `First` (a whole-object observation and a token-receiving observation pass only the
/// object they were made on). Both structs declare the first parameter generic and
/// unconstrained, so it is passed the same way (indirectly) whatever it is; a class-constrained
/// parameter would be passed as a reference, and a class instance and an `AnyObject` are one
/// reference alike.
struct IsolatedTernaryFunction<First, Second, Third> {
    let call: @isolated(any) @Sendable (First, Second, Third) -> Void

    init(call: @escaping @isolated(any) @Sendable (First, Second, Third) -> Void) {
        self.call = call
    }
}

extension IsolatedTernaryFunction: IsolatedFunctionHolder where First: AnyObject {
    typealias Unchecked = SendableTernaryFunction<AnyObject, Second, Third>
}

/// The handler of `IsolatedTernaryFunction.unchecked`, callable synchronously.
///
/// `First` is generic, though always `AnyObject`, so that the first argument is passed as the
/// isolated function's is (see `IsolatedTernaryFunction`).
struct SendableTernaryFunction<First, Second, Third> {
    let call: @Sendable (First, Second, Third) -> Void
}
