/// A registration that exists before what it stands for: the token of an observation whose
/// handler receives it, which must exist during the `.initial` call, before the registration
/// it ends has returned.
///
/// Invalidated before `attach(_:)`, it ends the registration as soon as it is attached.
final class LateRegistration: Registration, @unchecked Sendable {
    // Sendable: `registration` and `isInvalidated` are guarded by `lock`.
    private let lock = Lock()
    private var registration: (any Registration)?
    private var isInvalidated = false

    /// Takes the registration this stands for; ends it at once if this was invalidated.
    func attach(_ registration: any Registration) {
        let isInvalidated = lock.withLock {
            if !self.isInvalidated { self.registration = registration }
            return self.isInvalidated
        }
        if isInvalidated { registration.invalidate() }
    }

    func invalidate() {
        let registration = lock.withLock {
            isInvalidated = true
            defer { self.registration = nil }
            return self.registration
        }
        registration?.invalidate()
    }

    var isValid: Bool {
        let (registration, isInvalidated) = lock.withLock { (self.registration, self.isInvalidated) }
        guard !isInvalidated else { return false }
        return registration?.isValid ?? true
    }
}
