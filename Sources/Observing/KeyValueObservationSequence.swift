/// The values or changes of one observation as an asynchronous sequence; returned by
/// `values(for:)` and `changes(for:options:)`.
///
/// Elements are buffered without limit, so none is lost while the consumer keeps up on
/// average. `next()` runs in the caller's isolation (`next(isolation:)`): an element already
/// buffered is returned without suspending or changing threads, so a main-actor consumer
/// drains a burst at the cost of a lock per element (Swift's `AsyncStream` hops executors per
/// element there, about 10 µs each on this project's machines; observe-bench strategy i).
///
/// The sequence ends (returns `nil`) when the observed object deallocates (a key path that
/// reads only other objects' storage, on an object none of whose own `@Observed` properties
/// was observed, ends with its token, at the next change of what it reads, or when the
/// table of observed objects drops the object's entry, as the `observe` handler is released). Cancelling the
/// consuming task, or dropping the sequence and its iterator, removes the registration. One
/// consumer at a time: a second iterator waiting at once receives `nil`. Iterators are not
/// `Sendable`.
public struct KeyValueObservationSequence<Element: Sendable>: AsyncSequence, Sendable {
    /// The sequence never throws.
    public typealias Failure = Never

    let consumer: SequenceBufferOwner<Element>

    /// Makes the iterator.
    ///
    /// - Returns: An iterator over the buffered and future elements.
    public func makeAsyncIterator() -> Iterator {
        Iterator(consumer: consumer)
    }

    /// Iterates a `KeyValueObservationSequence`.
    public struct Iterator: AsyncIteratorProtocol {
        let consumer: SequenceBufferOwner<Element>

        /// The next element, waiting for one if none is buffered.
        ///
        /// - Returns: The element, or `nil` once the object has deallocated or the task is
        ///   cancelled.
        public mutating func next() async -> Element? {
            await consumer.buffer.next(isolation: nil)
        }

        /// The next element, in the caller's isolation; a buffered element is returned without
        /// suspending.
        ///
        /// - Parameter actor: The caller's actor (`#isolation`).
        /// - Returns: The element, or `nil` once the object has deallocated or the task is
        ///   cancelled.
        public mutating func next(isolation actor: isolated (any Actor)?) async -> Element? {
            await consumer.buffer.next(isolation: actor)
        }
    }
}

@available(*, unavailable)
extension KeyValueObservationSequence.Iterator: Sendable {}
