extension KeyValueObservable {
    /// Observes the value at `keyPath` with a closure that also receives the observation's
    /// token, so that it can end the observation from any call, the `.initial` one included.
    ///
    /// As `observe(_:options:changeHandler:)` in every other way: what the key path may be,
    /// when the handler runs, its isolation and what is retained. The token passed to the
    /// handler is the one this method returns. During the `.initial` call, which runs before
    /// this method returns, the token already exists: invalidating it there ends the
    /// observation, and the handler receives nothing more (FBKVOController's "unobserve
    /// within block with option initial"; Foundation's block-based KVO cannot, as its token
    /// does not exist yet). The handler holds the token weakly: it is not called once the
    /// token is gone.
    ///
    /// ```swift
    /// let token = session.observe(\.isSignedIn, options: [.initial, .new]) { _, change, token in
    ///     guard change.newValue == true else { return }
    ///     showInbox()
    ///     token.invalidate()      // once signed in, also when already signed in
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: Which values to report and when; see `KeyValueObservingOptions`.
    ///   - file: Where the registration is made, for ``observationSnapshot``; the caller's
    ///     `#fileID` by default, kept by debug builds of the library only.
    ///   - line: The line of the registering call; `#line` by default (see `file`).
    ///   - changeHandler: Receives the object, each change and the observation's token, in
    ///     the isolation it was written in.
    /// - Returns: The token that keeps the observation alive; invalidate or drop it to stop.
    /// - Complexity: O(*d*) to register, where *d* is the number of `@Observed` reads of the
    ///   key path; O(1) amortized to invalidate.
    public func observe<Value>(
        _ keyPath: KeyPath<Self, Value>,
        options: KeyValueObservingOptions = [],
        file: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext changeHandlerWithToken changeHandler:
            @escaping @isolated(any) @Sendable (
                Self, KeyValueObservedChange<Value>, ObservationToken
            ) -> Void
    ) -> ObservationToken {
        let call = IsolatedTernaryFunction(call: changeHandler).unchecked.call
        let check = changeHandler.isolation.map {
            IsolatedHandler.Check($0, keyPath: keyPath, file: file, line: line)
        }
        let late = TokenGroup()
        let token = ObservationToken(late)
        let registration = observe(
            keyPath, options: options, queue: nil, file: file, line: line,
            delivery: RegistrationSites.delivery(isolatedTo: changeHandler.isolation),
            changeHandler: { [weak token] object, change in
                check?.run(on: object)
                guard let token else { return }
                call(object, change, token)
            })
        late.attach(registration)
        return token
    }
}
