/// (a2) The floor of the ratios: the least that any cancellable observation does.
///
/// Each handler captures one object, as real handlers capture their owner; registering
/// returns a handle object that the caller keeps; cancelling removes that one observer in
/// O(1) wherever it stands (the last handle moves into its slot); a set calls each handler
/// without retaining its handle. No locks, and storage without dynamic exclusivity checks.
@MainActor
final class CancellableFloorSubject: ObservedSubject {
    nonisolated static let strategy = Strategy(id: "a2", name: "floor: capturing handlers, handles")

    // Main actor only, and no handler reaches back into the subject while a set runs.
    @exclusivity(unchecked) private var value = 0
    // Main actor only; handlers do not register or cancel.
    @exclusivity(unchecked) private var handles: [FloorHandle] = []
    // Main actor only, and never read while it is being written.
    @exclusivity(unchecked) private var pending = 0
    private let registry = FloorRegistry()
    private let receiver = FloorReceiver()

    init() {}

    func prepare(observers count: Int) {
        pending = count
        handles.reserveCapacity(count)
    }

    func attach() {
        for _ in 0..<pending {
            handles.append(observe())
        }
    }

    func set(_ count: Int, from start: Int, opaqueCall: Bool) {
        for newValue in start..<(start + count) {
            value = newValue
            registry.send(newValue)
            if opaqueCall { Opaque.use(newValue) }
        }
    }

    func observeAndCancel(_ count: Int) {
        for _ in 0..<count {
            observe().cancel()
        }
    }

    private func observe() -> FloorHandle {
        registry.add(Self.handler(for: receiver))
    }

    /// A handler that captures `receiver`; made outside the main actor, so that it is not
    /// isolated to it (an isolated closure would check its executor on every call, which
    /// the library's `@Sendable` handlers do not).
    nonisolated private static func handler(for receiver: FloorReceiver) -> (Int) -> Void {
        { receiver.receive($0) }
    }
}

/// The object a2's handlers capture: adds what it receives to the sink.
final class FloorReceiver {
    func receive(_ value: Int) {
        Sink.add(value)
    }
}

/// a2's observers: a contiguous array of handles, each holding its handler and its index.
final class FloorRegistry {
    // One thread at a time (its subject's), and handlers never register or cancel.
    @exclusivity(unchecked) private var handles: ContiguousArray<FloorHandle> = []

    init() {}

    /// Registers `handler`; returns the handle that cancels it.
    func add(_ handler: @escaping (Int) -> Void) -> FloorHandle {
        let handle = FloorHandle(registry: self, handler: handler, index: handles.count)
        handles.append(handle)
        return handle
    }

    /// Removes `handle` in O(1): the last handle takes its place.
    func remove(_ handle: FloorHandle) {
        let index = handle.index
        guard index >= 0 else { return }
        handle.index = -1
        let last = handles.removeLast()
        if index < handles.count {
            handles[index] = last
            last.index = index
        }
    }

    /// Calls every handler with `value`, without retaining each handle (as the library
    /// walks its entries).
    func send(_ value: Int) {
        guard !handles.isEmpty else { return }
        handles.withUnsafeBufferPointer { buffer in
            // Unmanaged has a strong reference's layout; the array keeps each handle alive for
            // the loop, since no handler registers or cancels.
            buffer.withMemoryRebound(to: Unmanaged<FloorHandle>.self) { unretained in
                for handle in unretained {
                    handle._withUnsafeGuaranteedRef { $0.handler(value) }
                }
            }
        }
    }
}

/// The handle of one a2 observer, which is also its entry in the registry.
final class FloorHandle {
    // The subject that owns the registry keeps its handles and cancels them only while it lives.
    unowned(unsafe) let registry: FloorRegistry
    let handler: (Int) -> Void
    // Written only by its registry, one thread at a time; -1 once cancelled.
    @exclusivity(unchecked) var index: Int

    init(registry: FloorRegistry, handler: @escaping (Int) -> Void, index: Int) {
        self.registry = registry
        self.handler = handler
        self.index = index
    }

    /// Removes this observer; a no-op the second time.
    func cancel() {
        registry.remove(self)
    }
}
