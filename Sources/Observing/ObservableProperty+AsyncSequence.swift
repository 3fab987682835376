extension ObservableProperty where Value: Sendable {
    /// The value as an asynchronous sequence: the current value first, then each new value, in
    /// set order, as `values(for:)` is for a key path (and Combine's `CurrentValueSubject.values`).
    ///
    /// The registration is made now, whatever thread calls. Values are buffered without limit,
    /// so none is lost while the consumer keeps up on average, and a buffered value is returned
    /// without suspending; sets from several threads arrive in the order the property
    /// serialized them. The sequence ends when the property deallocates. Cancelling the
    /// consuming task, or dropping the sequence and its iterator, removes the registration. The
    /// property is not retained.
    ///
    /// ```swift
    /// for await level in gauge.level.values() {
    ///     print("level:", level)
    /// }
    /// ```
    ///
    /// - Returns: A single-consumer sequence of values; its iterator is not `Sendable`.
    public func values() -> KeyValueObservationSequence<Value> {
        stream(options: [.initial, .new]) { $0.newValue }
    }

    /// The changes of the value as an asynchronous sequence, with the values `options` asks for
    /// (`.new` by default), as `changes(for:options:)` is for a key path.
    ///
    /// Ends, buffers and retains as `values()` does. With `.initial` the first element is the
    /// current value; with `.prior`, each change is preceded by its prior element.
    ///
    /// - Parameter options: Which values to report and when.
    /// - Returns: A single-consumer sequence of changes; its iterator is not `Sendable`.
    public func changes(options: KeyValueObservingOptions = [.new])
        -> KeyValueObservationSequence<KeyValueObservedChange<Value>>
    {
        stream(options: options) { $0 }
    }

    private func stream<Element: Sendable>(
        options: KeyValueObservingOptions,
        element: @escaping @Sendable (KeyValueObservedChange<Value>) -> Element?
    ) -> KeyValueObservationSequence<Element> {
        let buffer = SequenceBuffer<Element>()
        // The finisher lives exactly as long as the handler: when the property deallocates,
        // releasing its registrations' handlers finishes the sequence.
        let finisher = SequenceBufferOwner(buffer: buffer, ending: .finish)
        let token = observe(options: options, queue: nil) { change in
            if let value = element(change) { finisher.buffer.yield(value) }
        }
        buffer.attach(token)
        return KeyValueObservationSequence(consumer: SequenceBufferOwner(buffer: buffer, ending: .cancel))
    }
}
