/// One active registration, whatever its shape.
///
/// An entry in one registry, a derived observation spread over several, or a group of them.
/// An `ObservationToken` holds one.
@usableFromInline
protocol Registration: AnyObject, Sendable {
    /// Ends the registration. Idempotent; safe from any thread.
    func invalidate()
    /// Whether the registration is still active and its observed object alive.
    var isValid: Bool { get }
}
