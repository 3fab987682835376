extension WholeObjectObservable {
    /// Observes every observable property of this object with one registration, as
    /// Combine's `ObservableObject.objectWillChange` does, but after the change and naming
    /// the property.
    ///
    /// The handler runs after each change of any `@Observed` property of the object (a
    /// superclass's included, when the conformance is declared where ``KeyValueObservable``
    /// is; see ``WholeObjectObservable``), and of any key path notified by hand with
    /// `didChangeValue(for:)`. It receives the property's key path and the untyped change,
    /// whose new value is filled in (the old value is not kept, so that mutations in place
    /// stay in place). For an `@Observed` property the key path is rooted at the class that
    /// declares it (`\Base.title` for an inherited one: Swift has no `PartialKeyPath<Sub>` for
    /// a property a superclass declares); for a key path notified by hand, it is as given to
    /// `didChangeValue(for:)`. Properties are found by the library: a property never observed
    /// before gets its registry at its first set. Computed properties are not reported; their
    /// stored dependencies are. This is the hook for dirty tracking, autosave and undo
    /// grouping. Each property it covers counts the observation in
    /// ``KeyValueObservable/observerCount(for:)``.
    ///
    /// Runs synchronously on the setting thread, before the setter returns, in the isolation
    /// the closure was written in, as `observe(_:options:file:line:changeHandler:)`. A set made
    /// from the handler is delivered after the change in flight, as for any observation. The
    /// handler is retained until the token is invalidated or deallocated, or until the object
    /// deallocates after any of its properties was observed or set (an object whose
    /// properties never had a registry gives no sign of its end: the handler is then released
    /// with the token). A delivered change costs about 250 ns on observe-bench's machine
    /// (W1 for strategy bw; a plain `observe` handler, b, about 43 ns); see
    /// ``WholeObjectObservable`` for what the class's other sets pay.
    ///
    /// ```swift
    /// @MainActor final class AutosaveIndicator {
    ///     private(set) var unsavedChanges = 0
    ///     private var token: ObservationToken?
    ///     init(draft: Draft) {
    ///         token = draft.observeChanges { [weak self] draft, keyPath, change in
    ///             self?.unsavedChanges += 1       // main-actor state
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - file: Where the registration is made, for ``KeyValueObservable/observationSnapshot``;
    ///     the caller's `#fileID` by default, kept by debug builds of the library only.
    ///   - line: The line of the registering call; `#line` by default (see `file`).
    ///   - changeHandler: Receives the object, the key path of the property that
    ///     changed and the change, in the isolation it was written in.
    /// - Returns: The token that keeps the observation alive; invalidate or drop it to stop.
    /// - Complexity: O(*p* + *r*) to register, where *p* is the number of stored properties
    ///   of the object and *r* the number of its registries.
    public func observeChanges(
        file: StaticString = #fileID,
        line: UInt = #line,
        @_inheritActorContext changeHandler:
            @escaping @isolated(any) @Sendable (Self, AnyKeyPath, KeyValueChange) -> Void
    ) -> ObservationToken {
        // The observation only ever passes the object it was made on, so the handler is
        // called with `Self` whatever its erased type says (no cast per change).
        let call = IsolatedTernaryFunction(call: changeHandler).unchecked.call
        let check = changeHandler.isolation.map { IsolatedHandler.Check($0, keyPath: nil) }
        let observation = WholeObjectObservation(object: self) { object, keyPath, change in
            check?.run()
            call(object, keyPath, change)
        }
        RegistrationSites.record(
            observation, file: file, line: line,
            delivery: RegistrationSites.delivery(isolatedTo: changeHandler.isolation))
        observation.start()
        return ObservationToken(observation)
    }

    /// The changes of every observable property of this object, as an async sequence: the
    /// asynchronous form of `observeChanges(changeHandler:)`.
    ///
    /// Each element names the property that changed and how (see ``KeyValueObjectChange``).
    /// The sequence buffers every change in order. It ends when the consuming task is
    /// cancelled (which ends the registration), or when the object deallocates after any of
    /// its properties was observed or set; an object whose properties never had a registry
    /// gives no sign of its end, so its sequence ends only with the consumer.
    ///
    /// ```swift
    /// for await change in document.changes() {
    ///     markUnsaved(change.keyPath)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - file: Where the sequence is made, for ``KeyValueObservable/observationSnapshot``;
    ///     the caller's `#fileID` by default, kept by debug builds of the library only.
    ///   - line: The line of the call; `#line` by default (see `file`).
    /// - Returns: The sequence; iterate it once.
    public func changes(file: StaticString = #fileID, line: UInt = #line)
        -> KeyValueObservationSequence<KeyValueObjectChange>
    {
        let buffer = SequenceBuffer<KeyValueObjectChange>()
        // The finisher lives exactly as long as the handler: when the registration ends
        // because the object deallocated, releasing the handler finishes the sequence.
        let finisher = SequenceBufferOwner(buffer: buffer, ending: .finish)
        let observation = WholeObjectObservation(object: self) { _, keyPath, change in
            finisher.buffer.yield(
                KeyValueObjectChange(keyPath: keyPath, kind: change.kind, indexes: change.indexes))
        }
        RegistrationSites.record(observation, file: file, line: line, delivery: "async sequence")
        observation.start()
        buffer.attach(observation)
        return KeyValueObservationSequence(consumer: SequenceBufferOwner(buffer: buffer, ending: .cancel))
    }
}
