/// The work every observer does: add the delivered value to a running total that is printed
/// at the end, so that no observer body can be optimized away.
///
/// The same two instructions in every strategy keep the comparison about the delivery
/// machinery. Deliveries in this benchmark are serialized (one thread at a time, or
/// serialized by the strategy itself in W7), so the total needs no lock.
enum Sink {
    nonisolated(unsafe) private(set) static var total = 0

    /// Adds one delivered value.
    @inline(__always)
    static func add(_ value: Int) {
        total &+= value
    }
}
