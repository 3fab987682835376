import Synchronization

/// Several tokens that end together, behind one `ObservationToken`.
final class TokenGroup: Registration, @unchecked Sendable {
    private let tokens: [ObservationToken]

    init(_ tokens: [ObservationToken]) {
        self.tokens = tokens
    }

    func invalidate() {
        for token in tokens { token.invalidate() }
    }

    var isValid: Bool { tokens.allSatisfy(\.isValid) }
}

/// Stops a two-way binding's write from echoing back: while one direction writes, the other
/// direction's notification is skipped.
final class CrossingGuard: Sendable {
    private let isCrossing = Atomic<Bool>(false)

    func cross(_ write: () -> Void) {
        guard
            isCrossing.compareExchange(expected: false, desired: true, ordering: .acquiringAndReleasing)
                .exchanged
        else { return }
        write()
        isCrossing.store(false, ordering: .releasing)
    }
}
