import Synchronization

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// One running delivery loop of a registry: the copied entry list it walks and the slot of the
/// entry it is calling.
///
/// It lives on the delivering thread's stack, for the loop's duration.
@usableFromInline
struct DeliveryFrame {
    /// The first slot of the loop's copy of the entry list (`EntryBase?` words), and the end.
    @usableFromInline let slots: UnsafeRawPointer
    @usableFromInline let end: UnsafeRawPointer
    /// The slot of the entry being called; set before each call.
    @usableFromInline var current: UnsafeRawPointer?
    /// The address of the frame of the loop this one runs inside, on the same thread, or 0.
    @usableFromInline let outer: UInt

    @inlinable
    init(slots: UnsafeRawPointer, end: UnsafeRawPointer, outer: UInt) {
        self.slots = slots
        self.end = end
        self.current = nil
        self.outer = outer
    }
}

/// The delivery loops of one `@Observed` property's registry that are running, innermost first,
/// so that an entry removed during a notification, on the thread that delivers it, is released
/// at once.
///
/// A delivery loop walks a copy of the entry list (a retain, no allocation), which keeps every
/// entry it lists alive, so an entry that another handler of the same notification removes
/// (earlier or later in the list) would otherwise live, with the handler it holds and what that
/// captures, until the loop ends. A loop publishes its frame here while it runs; a token's
/// removal, under the registry's lock, asks `takeOut(_:)` to clear the entry from the copies of
/// the loops running on the current thread, which releases it once the caller unlocks. A loop
/// on another thread is left alone: its notification still holds the entry, which is released
/// as soon as that notification ends (as the token's documentation says). So is the entry a loop
/// is calling (an entry that ends its own registration), whose handler is running. A loop over
/// one entry publishes nothing: only that entry's own handler can end it meanwhile.
///
/// A frame is read only by the thread that published it: another thread loads the published
/// thread identity (an atomic) and stops there. A loop runs in the registry's isolation domain,
/// so at most one thread's loops are published at a time. `ObservableProperty`'s loop does not
/// publish (its entries are released when the notification ends): its frame cost d W1 and W2
/// 5-7% (callgrind), over the 3% the hot path may spend.
@usableFromInline
final class DeliveryFrames: Sendable {
    /// The address of the innermost running loop's `DeliveryFrame`, or 0.
    @usableFromInline let innermost = Atomic<UInt>(0)
    /// The thread that published `innermost`, while it is not 0 (written before it).
    @usableFromInline let thread = Atomic<UInt>(0)

    @usableFromInline
    init() {}

    /// The frame of a delivery loop over the entries from `slots` to `end`, inside the loop running
    /// now on this thread, if any; the loop publishes it (`publish(_:)`), sets its `current`
    /// before it calls each entry, and ends with `leave(_:)`.
    ///
    /// Written out in the loop rather than as a method taking the loop as a closure, which the
    /// optimizer did not inline (callgrind b W1 +158 instructions). Costs every notification of
    /// two or more entries a call for the thread's identity, a load and five stores, and each
    /// entry one store (callgrind b W2 +2.8% over 64a540f).
    @inlinable
    @inline(__always)
    func enter<Slot>(slots: UnsafePointer<Slot>, end: UnsafePointer<Slot>) -> DeliveryFrame {
        DeliveryFrame(
            slots: UnsafeRawPointer(slots), end: UnsafeRawPointer(end),
            outer: innermost.load(ordering: .relaxed))
    }

    /// Publishes `frame`, which `enter(slots:end:)` made, as the innermost running loop.
    @inlinable
    @inline(__always)
    func publish(_ frame: UnsafeMutablePointer<DeliveryFrame>) {
        thread.store(Self.currentThread, ordering: .relaxed)
        innermost.store(UInt(bitPattern: frame), ordering: .releasing)
    }

    /// Ends the loop of `frame`: the loop it ran inside, if any, is the innermost again.
    @inlinable
    @inline(__always)
    func leave(_ frame: UnsafeMutablePointer<DeliveryFrame>) {
        innermost.store(frame.pointee.outer, ordering: .releasing)
    }

    /// The current thread's identity.
    @inlinable
    static var currentThread: UInt {
        #if canImport(Glibc)
            UInt(pthread_self())
        #else
            UInt(bitPattern: pthread_self())
        #endif
    }

    /// Clears `entry` from the entry copies of the loops running on the current thread, unless
    /// one of them is calling it; called under the registry's lock, after `entry` left the list.
    ///
    /// - Returns: The references taken out of the copies, which the caller releases after
    ///   unlocking (the entry's `deinit` releases its handler, whose captures may run any
    ///   code).
    /// - Complexity: O(1) when no loop runs on this thread; otherwise O(*n*) per running loop,
    ///   for *n* entries in its copy.
    @inline(__always)
    func takeOut(_ entry: EntryBase) -> [EntryBase]? {
        let innermost = innermost.load(ordering: .acquiring)
        guard innermost != 0 else { return nil }
        return takeOut(entry, innermost: innermost)
    }

    /// `takeOut(_:)` while some loop is published (on this thread or another).
    @inline(never)
    private func takeOut(_ entry: EntryBase, innermost: UInt) -> [EntryBase]? {
        // `thread` is written before `innermost` is published; a loop published later by
        // another thread writes its own identity, so a match means this thread's loop.
        guard thread.load(ordering: .relaxed) == Self.currentThread else { return nil }
        // The frames of this thread, innermost first (an outer frame is further up its stack).
        var frames: [UnsafeMutablePointer<DeliveryFrame>] = []
        var next = innermost
        while let frame = UnsafeMutablePointer<DeliveryFrame>(bitPattern: next) {
            frames.append(frame)
            next = frame.pointee.outer
        }
        let address = Unmanaged.passUnretained(entry).toOpaque()
        let target = UInt(bitPattern: address)
        let isBeingCalled = frames.contains { frame in
            frame.pointee.current.map { $0.load(as: UInt.self) == target } ?? false
        }
        guard !isBeingCalled else { return nil }
        var taken: [EntryBase] = []
        for frame in frames {
            var slot = UnsafeMutableRawPointer(mutating: frame.pointee.slots)
            while slot != UnsafeMutableRawPointer(mutating: frame.pointee.end) {
                // The slot holds one strong reference to the entry (an `EntryBase?` is one
                // word, the object's address or 0); it is moved out and the slot emptied, so the
                // loop finds a hole there. Raw word accesses, so that this aliases neither the
                // loop's typed view of the copy nor the array's.
                if slot.load(as: UInt.self) == target {
                    slot.storeBytes(of: 0, as: UInt.self)
                    taken.append(Unmanaged<EntryBase>.fromOpaque(address).takeRetainedValue())
                }
                slot += MemoryLayout<UInt>.stride
            }
        }
        return taken
    }
}
