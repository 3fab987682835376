import Dispatch
import Synchronization

#if canImport(Darwin)
    import Darwin
#endif

/// Tells whether the current thread is the main thread, without trapping, so that a handler
/// isolated to the main actor can trap with a message of its own when a set comes from
/// elsewhere (on Linux the runtime's own main-actor check traps inside libdispatch, with no
/// message).
///
/// Darwin answers directly. Elsewhere the answer is yes on the main queue (a queue-specific
/// value set on it, which libdispatch also reports on the main thread outside any block), and
/// on the main thread inside a block of another queue run synchronously from it, which the
/// thread's recorded identity tells.
@usableFromInline
enum MainThread {
    #if !canImport(Darwin)
        /// Set on the main queue when this type is first used.
        private static let key: DispatchSpecificKey<Bool> = {
            let key = DispatchSpecificKey<Bool>()
            DispatchQueue.main.setSpecific(key: key, value: true)
            return key
        }()

        /// The main thread's identity, or 0 until code on the main queue asked.
        private static let recorded = Atomic<UInt>(0)
    #endif

    /// Whether the current thread is the main thread.
    @usableFromInline
    static var isCurrent: Bool {
        #if canImport(Darwin)
            return pthread_main_np() != 0
        #else
            if DispatchQueue.getSpecific(key: key) == true {
                if recorded.load(ordering: .relaxed) == 0 {
                    recorded.store(ThreadIdentity.current, ordering: .relaxed)
                }
                return true
            }
            let main = recorded.load(ordering: .relaxed)
            return main != 0 && main == ThreadIdentity.current
        #endif
    }

    /// Whether `queue` is the main queue, whose blocks run on the main actor.
    ///
    /// Compares by identity on Darwin; elsewhere `DispatchQueue.main` is a new wrapper on each
    /// access, and the queue-specific value this type sets on the main queue tells it (a queue
    /// that only targets the main queue has no value of its own).
    static func isMainQueue(_ queue: DispatchQueue) -> Bool {
        #if canImport(Darwin)
            return queue === DispatchQueue.main
        #else
            return queue.getSpecific(key: key) == true
        #endif
    }
}
