import Synchronization

/// One running delivery loop over two or more entries: the list copy it walks and the entry it
/// is calling, on the delivering thread's stack for the loop's duration, so that a token
/// invalidated by another handler of the same notification releases its handler at once
/// (`takeOut(_:listedIn:)`) instead of when the loop ends.
///
/// The loops over one registry's copies form a chain, innermost first, that the registry's
/// `Registrations` holds with the innermost loop's thread. A token's removal walks it only on
/// that thread: a notification on another thread keeps the entry until it ends, as
/// `ObservationToken` documents.
///
/// A loop over one entry publishes no frame: whatever runs while it loops (a nested pair, other
/// properties' handlers) runs inside that entry's call, which must keep the entry anyway, so the
/// entry is released when the loop lets go of its copy. A copy with one slot is therefore never
/// a frame's (a frame's has two or more), and `takeOut` writes into no other copy in place.
///
/// The copies are the storage of `let` arrays (a loop's snapshot, a waiting notification's
/// list, a pair's), which `empty(slotsHolding:into:)` writes in place so that every holder sees
/// the slot emptied: each loop reads a slot after the opaque call before it, and every other
/// reader under the registry's lock, never across a write.
@usableFromInline
struct DeliveryFrame {
    /// The registry whose copy the loop walks, unretained: the loop's caller holds it.
    @usableFromInline let registry: Unmanaged<RegistryCore>
    /// The first slot of the copy: `count` words, each an `EntryBase?` (a reference or null).
    @usableFromInline let slots: UnsafeMutableRawPointer
    @usableFromInline let count: Int
    /// The address of the entry being called; set before each call.
    @usableFromInline var current: UnsafeRawPointer?
    /// The frame of the loop this one runs inside, and that loop's thread (0 for none).
    @usableFromInline let outer: UnsafeMutablePointer<DeliveryFrame>?
    @usableFromInline let outerThread: UInt

    @inlinable
    init(registry: RegistryCore, slots: UnsafeRawPointer, count: Int) {
        self.registry = Unmanaged.passUnretained(registry)
        self.slots = UnsafeMutableRawPointer(mutating: slots)
        self.count = count
        self.outer = registry.registrations.innermostFrame
        self.outerThread = registry.registrations.deliveringThread.load(ordering: .relaxed)
    }

    /// Makes `frame` its registry's innermost running loop, on this thread.
    @inlinable
    @inline(__always)
    static func enter(_ frame: UnsafeMutablePointer<DeliveryFrame>) {
        let registrations = frame.pointee.registry.takeUnretainedValue().registrations
        registrations.innermostFrame = frame
        registrations.deliveringThread.store(ThreadIdentity.current, ordering: .relaxed)
    }

    /// Makes the loop `frame` runs inside its registry's innermost again.
    ///
    /// Reads the registry from the frame, in memory, so that the loop keeps no register for it.
    @inlinable
    @inline(__always)
    static func leave(_ frame: UnsafeMutablePointer<DeliveryFrame>) {
        let registrations = frame.pointee.registry.takeUnretainedValue().registrations
        registrations.deliveringThread.store(frame.pointee.outerThread, ordering: .relaxed)
        registrations.innermostFrame = frame.pointee.outer
    }

    /// Empties the slots of the copy that hold `address`; moves the references they held into
    /// `taken`.
    func empty(slotsHolding address: UnsafeRawPointer, into taken: inout [EntryBase]) {
        let stride = MemoryLayout<UnsafeRawPointer?>.stride
        for index in 0..<count
        where slots.load(fromByteOffset: index &* stride, as: UnsafeRawPointer?.self) == address {
            // The slot is a plain word, as `EntryBase?` lays it out: written null, its reference
            // is taken as retained.
            slots.storeBytes(of: nil, toByteOffset: index &* stride, as: UnsafeRawPointer?.self)
            taken.append(Unmanaged<EntryBase>.fromOpaque(address).takeRetainedValue())
        }
    }

    /// Takes `entry`, which its token has just removed from `registrations`, out of the copies
    /// that the running loops over that registry walk, and out of the notifications and the
    /// manual pair that wait there, when this thread runs the innermost loop and no loop is
    /// calling `entry`.
    ///
    /// Writes into a shared copy in place, under the registry's lock: the loops read their
    /// copies on the thread that runs them, and every other reader of a copy's slots
    /// (`liveEntries`) reads them under that lock. A loop skips an empty slot.
    ///
    /// - Returns: The references taken, for the caller to release after this returns (a
    ///   handler's captures may run a `deinit` that takes this lock); empty when another
    ///   thread, or no loop, delivers the registry, or a loop is calling `entry` (its copy
    ///   then releases it as that loop ends).
    /// - Complexity: O(*f* × *n*), for *f* loops running over the registry and *n* slots per
    ///   copy.
    @usableFromInline
    @inline(never)
    static func takeOut(_ entry: EntryBase, listedIn registrations: Registrations) -> [EntryBase] {
        guard registrations.deliveringThread.load(ordering: .relaxed) == ThreadIdentity.current,
            let innermost = registrations.innermostFrame
        else { return [] }
        let address = UnsafeRawPointer(Unmanaged.passUnretained(entry).toOpaque())
        var frames: [UnsafeMutablePointer<DeliveryFrame>] = []
        var next: UnsafeMutablePointer<DeliveryFrame>? = innermost
        // Each frame lives on its loop's stack until that loop leaves, which it cannot while
        // this runs: the innermost loop is this thread's, calling the handler that got here,
        // and each outer one waits in a call of its own.
        while let frame = next {
            if frame.pointee.current == address { return [] }
            frames.append(frame)
            next = frame.pointee.outer
        }
        let registry = innermost.pointee.registry.takeUnretainedValue()
        return registrations.withLock { _ in
            var taken: [EntryBase] = []
            for frame in frames { frame.pointee.empty(slotsHolding: address, into: &taken) }
            registry.takeOutOfWaitingChanges(entry, into: &taken)
            return taken
        }
    }

    /// Moves each occurrence of `entry` in `entries` into `taken`, leaving an empty slot (a
    /// copy of `entries` that shares its storage is copied first, and keeps its reference).
    static func move(
        _ entry: EntryBase, outOf entries: inout ContiguousArray<EntryBase?>, into taken: inout [EntryBase]
    ) {
        for index in entries.indices where entries[index] === entry {
            if let removed = entries[index].take() { taken.append(removed) }
        }
    }
}
