/// Carries a value across an isolation boundary that the caller has reasoned about.
@usableFromInline
struct UncheckedSendable<Value>: @unchecked Sendable {
    // Sendable by the caller's word: each use site states why its value may cross.
    @usableFromInline let value: Value

    @inlinable
    init(value: Value) {
        self.value = value
    }
}
