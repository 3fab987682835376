/// A registration on a key path that reads no `@Observed` storage, kept in the object's
/// home (`ObjectHome`): valid while its entry is registered and the object is alive
/// (the state, and so the entry, may outlive the object until the table drops it).
final class ManualRegistration: Registration, @unchecked Sendable {
    // Sendable: immutable; `object` is a weak reference and the handle is `Sendable`.
    private weak var object: AnyObject?
    private let handle: RegistryEntryHandle

    init(object: AnyObject, handle: RegistryEntryHandle) {
        self.object = object
        self.handle = handle
    }

    func invalidate() {
        handle.invalidate()
    }

    var isValid: Bool {
        object != nil && handle.isValid
    }
}
