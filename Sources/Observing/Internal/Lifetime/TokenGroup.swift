/// Several tokens that end together, behind one `ObservationToken`.
final class TokenGroup: Registration {
    private let tokens: [ObservationToken]

    init(_ tokens: [ObservationToken]) {
        self.tokens = tokens
    }

    func invalidate() {
        for token in tokens { token.invalidate() }
    }

    var isValid: Bool { tokens.allSatisfy(\.isValid) }
}
