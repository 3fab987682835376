extension KeyValueObservable {
    /// The value at `keyPath` as an asynchronous sequence: the current value first, then each
    /// new value, as Swift's `Observations` or Combine's `publisher(for:).values`.
    ///
    /// The registration is made now (reading the value once, so call it where the object may
    /// be read); values are buffered without limit, so none is lost while the consumer keeps
    /// up on average, and a buffered value is returned without suspending. The sequence ends
    /// when the object deallocates (for a key path notified only by hand, which no storage of
    /// the object holds, when the table of observed objects next drops the entries of
    /// deallocated objects; for a key path that reads only other objects' storage, on an object
    /// none of whose own `@Observed` properties is observed, at the next change of what it
    /// reads or when that table drops the object's entry, if sooner). Cancelling the consuming
    /// task, or dropping the sequence
    /// and its iterator, removes the registration. The object is not retained.
    ///
    /// After a to-many change (a `mutableArrayValue(for:)` or `mutableSetValue(for:)` mutation,
    /// or an in-place mutation of an `@Observed` collection), whose change holds only the
    /// elements it touched, the value yielded is the whole collection the property reads when
    /// the change is delivered, as Combine's `publisher(for:)` publishes the whole value. When
    /// a handler notified before this sequence changed the property again meanwhile, that
    /// value already includes the later change, whose own value follows.
    ///
    /// ```swift
    /// for await unread in profile.values(for: \.unread) {
    ///     print("unread:", unread)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - file: Where the sequence is made, for ``observationSnapshot``; the caller's
    ///     `#fileID` by default, kept by debug builds of the library only.
    ///   - line: The line of the call; `#line` by default (see `file`).
    /// - Returns: A single-consumer sequence of values; its iterator is not `Sendable`.
    public func values<Value: Sendable>(
        for keyPath: KeyPath<Self, Value>, file: StaticString = #fileID, line: UInt = #line
    ) -> KeyValueObservationSequence<Value> {
        stream(of: keyPath, options: [.initial, .new], site: (file, line, "async sequence")) {
            object, change in
            change.kind == .setting ? change.newValue : object[keyPath: keyPath]
        }
    }

    /// The changes of the value at `keyPath` as an asynchronous sequence, with the values
    /// `options` asks for (`.new` by default).
    ///
    /// Ends, buffers and retains as `values(for:)` does. With `.initial` the first element is
    /// the current value.
    ///
    /// - Parameters:
    ///   - keyPath: The value to observe.
    ///   - options: Which values to report and when.
    ///   - file: Where the sequence is made, for ``observationSnapshot``; the caller's
    ///     `#fileID` by default, kept by debug builds of the library only.
    ///   - line: The line of the call; `#line` by default (see `file`).
    /// - Returns: A single-consumer sequence of changes; its iterator is not `Sendable`.
    public func changes<Value: Sendable>(
        for keyPath: KeyPath<Self, Value>, options: KeyValueObservingOptions = [.new],
        file: StaticString = #fileID, line: UInt = #line
    ) -> KeyValueObservationSequence<KeyValueObservedChange<Value>> {
        stream(of: keyPath, options: options, site: (file, line, "async sequence")) { $1 }
    }

    private func stream<Value, Element: Sendable>(
        of keyPath: KeyPath<Self, Value>, options: KeyValueObservingOptions,
        site: (file: StaticString, line: UInt, delivery: String),
        element: @escaping (Self, KeyValueObservedChange<Value>) -> Element?
    ) -> KeyValueObservationSequence<Element> {
        let buffer = SequenceBuffer<Element>()
        // The finisher lives exactly as long as the callback: when the registration ends
        // because the object deallocated, releasing the callback finishes the sequence.
        let finisher = SequenceBufferOwner(buffer: buffer, ending: .finish)
        let registration = register(keyPath, options: options, site: site) { object, change in
            if let value = element(object, change) { finisher.buffer.yield(value) }
            return true
        }
        buffer.attach(registration)
        return KeyValueObservationSequence(consumer: SequenceBufferOwner(buffer: buffer, ending: .cancel))
    }
}
