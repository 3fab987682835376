/// Tokens that end together, behind one `ObservationToken`: a two-way binding's two
/// directions, or the registration of a handler that receives its own token, whose token
/// exists before the registration it ends (during the `.initial` call) and is attached to it
/// once made.
///
/// Invalidated before a token is attached, it ends that token as soon as it is attached.
final class TokenGroup: Registration, @unchecked Sendable {
    // Sendable: `tokens` and `isInvalidated` are guarded by `lock`.
    private let lock = Lock()
    private var tokens: [ObservationToken]
    private var isInvalidated = false

    init(_ tokens: [ObservationToken] = []) {
        self.tokens = tokens
    }

    /// Adds `token`, or ends it at once if the group was invalidated.
    func attach(_ token: ObservationToken) {
        let isInvalidated = lock.withLock {
            if !self.isInvalidated { tokens.append(token) }
            return self.isInvalidated
        }
        if isInvalidated { token.invalidate() }
    }

    /// Ends every token of the group.
    ///
    /// The tokens are kept, and every call ends them all: a second call made on another thread
    /// while the first is ending them returns only once they have ended too (each token's own
    /// `invalidate()` waits for its registry's lock), as `invalidate()` promises.
    func invalidate() {
        let tokens = lock.withLock {
            isInvalidated = true
            return self.tokens
        }
        for token in tokens { token.invalidate() }
    }

    /// Whether every token is valid; before any is attached, whether the group was not
    /// invalidated.
    var isValid: Bool {
        let (tokens, isInvalidated) = lock.withLock { (self.tokens, self.isInvalidated) }
        return tokens.isEmpty ? !isInvalidated : tokens.allSatisfy(\.isValid)
    }
}
