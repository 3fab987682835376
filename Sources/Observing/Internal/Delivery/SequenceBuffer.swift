/// The buffer between an observation's callback (producer) and one consuming iterator.
///
/// Guarded by its own lock; the waiting consumer's continuation is resumed after unlocking.
final class SequenceBuffer<Element: Sendable>: @unchecked Sendable {
    // Sendable: every mutable property is guarded by `lock`; elements are `Sendable`.
    private let lock = Lock()
    // Guarded by `lock`.
    private var elements: [Element] = []
    private var head = 0
    private var waiter: CheckedContinuation<Element?, Never>?
    private var isFinished = false
    /// Ended when the consumer cancels or goes away.
    private var registration: (any Registration)?

    func attach(_ registration: any Registration) {
        let isFinished = lock.withLock {
            self.registration = registration
            return self.isFinished
        }
        if isFinished { registration.invalidate() }
    }

    /// Adds an element, or hands it straight to the waiting consumer.
    func yield(_ element: Element) {
        lock.lock()
        guard !isFinished else {
            lock.unlock()
            return
        }
        if let waiter {
            self.waiter = nil
            lock.unlock()
            waiter.resume(returning: element)
        } else {
            elements.append(element)
            lock.unlock()
        }
    }

    /// Ends the sequence: the consumer receives the buffered elements, then `nil`.
    func finish() {
        let waiter: CheckedContinuation<Element?, Never>? = lock.withLock {
            isFinished = true
            defer { self.waiter = nil }
            return self.waiter
        }
        waiter?.resume(returning: nil)
    }

    /// Ends the sequence at once and removes the registration (cancellation, consumer gone).
    func cancel() {
        let (waiter, registration) = lock.withLock {
            isFinished = true
            elements.removeAll()
            head = 0
            defer {
                self.waiter = nil
                self.registration = nil
            }
            return (self.waiter, self.registration)
        }
        waiter?.resume(returning: nil)
        registration?.invalidate()
    }

    /// Must run under `lock`.
    private func popLocked() -> Element? {
        guard head < elements.count else { return nil }
        let element = elements[head]
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 64, head * 2 > elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }

    func next(isolation actor: isolated (any Actor)?) async -> Element? {
        if Task.isCancelled {
            cancel()
            return nil
        }
        if let element = lock.withLock({ popLocked() }) { return element }
        return await withTaskCancellationHandler {
            await withCheckedContinuation(isolation: actor) {
                (continuation: CheckedContinuation<Element?, Never>) in
                lock.lock()
                if let element = popLocked() {
                    lock.unlock()
                    continuation.resume(returning: element)
                } else if isFinished || waiter != nil {
                    // Ended, or another iterator is already waiting (one consumer at a time).
                    lock.unlock()
                    continuation.resume(returning: nil)
                } else {
                    waiter = continuation
                    lock.unlock()
                }
            }
        } onCancel: {
            cancel()
        }
    }
}

/// Ends a `SequenceBuffer` when the last reference to it goes away.
///
/// Two owners use it: the sequence and its iterators hold one that cancels (the consumer is
/// gone: the registration ends), and the observation's callback holds one that finishes (the
/// object deallocated and its registry released the callback: the consumer receives what is
/// buffered, then `nil`).
final class SequenceBufferOwner<Element: Sendable>: Sendable {
    enum Ending {
        case cancel
        case finish
    }

    let buffer: SequenceBuffer<Element>
    private let ending: Ending

    init(buffer: SequenceBuffer<Element>, ending: Ending) {
        self.buffer = buffer
        self.ending = ending
    }

    deinit {
        switch ending {
        case .cancel: buffer.cancel()
        case .finish: buffer.finish()
        }
    }
}
