/// The skeleton of the strategies that keep one cancellation handle per observer: b, d and f.
///
/// Each row still writes its own registration, cancellation and timed set loop (so that
/// its sets are specialized as a user's would be); the skeleton keeps the handles and runs the
/// attach (W1-W5) and observe + cancel (W4) loops, specialized for each row.
@MainActor
protocol TokenHoldingSubject: ObservedSubject {
    /// What registering returns and cancelling takes.
    associatedtype Token
    /// The handles of the attached observers.
    var tokens: [Token] { get set }
    /// How many observers `attach()` registers.
    var pending: Int { get set }
    /// Registers one observer the way this row does.
    func register() -> Token
    /// Cancels one registration the way this row does.
    func cancel(_ token: Token)
}

extension TokenHoldingSubject {
    func prepare(observers count: Int) {
        pending = count
        tokens.reserveCapacity(count)
    }

    func attach() {
        for _ in 0..<pending {
            tokens.append(register())
        }
    }

    func observeAndCancel(_ count: Int) {
        for _ in 0..<count {
            cancel(register())
        }
    }
}
