import Foundation

/// Guards the handler calls of one update stream so that after `close()` returns no call runs: calls
/// already queued see a newer generation and return at once; a call in progress on another thread is
/// waited for (one in progress on the calling thread, a handler stopping its own updates, is not).
// state guarded by an NSCondition (a wait for calls in flight), which the compiler cannot see
final class DeliveryGate: @unchecked Sendable {  // guarded by an NSCondition
    private let condition = NSCondition()
    private var generation = 0
    private var inFlight: [ObjectIdentifier: Int] = [:]
    /// Calls queued but not yet run, for the bound on a queue that falls behind.
    private var pending = 0
    /// Updates dropped because the queue fell more than `pendingLimit` calls behind.
    private(set) var dropped = 0
    /// Calls that may wait on a queue before new updates are dropped.
    let pendingLimit: Int

    init(pendingLimit: Int = 1024) {
        self.pendingLimit = pendingLimit
    }

    /// Starts a new generation of calls (on start).
    func open() -> Int {
        condition.lock()
        defer { condition.unlock() }
        generation &+= 1
        return generation
    }

    /// Ends the current generation: no call of it runs after this returns.
    func close() {
        condition.lock()
        defer { condition.unlock() }
        generation &+= 1
        let me = ObjectIdentifier(Thread.current)
        while inFlight.contains(where: { $0.key != me && $0.value > 0 }) { condition.wait() }
    }

    /// Queues `body` on `queue` for generation `token`; drops it (counted) when the queue is too far behind.
    func enqueue(on queue: OperationQueue, token: Int, _ body: @escaping @Sendable () -> Void) {
        condition.lock()
        guard token == generation else {
            condition.unlock()
            return
        }
        guard pending < pendingLimit else {
            dropped += 1
            condition.unlock()
            return
        }
        pending += 1
        condition.unlock()
        queue.addOperation { [self] in
            condition.lock()
            pending -= 1
            guard token == generation else {
                condition.unlock()
                return
            }
            let me = ObjectIdentifier(Thread.current)
            inFlight[me, default: 0] += 1
            condition.unlock()
            body()
            condition.lock()
            inFlight[me, default: 1] -= 1
            if inFlight[me] == 0 { inFlight[me] = nil }
            condition.broadcast()
            condition.unlock()
        }
    }

    /// Whether `token` is still the current generation.
    func isCurrent(_ token: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return token == generation
    }

    /// Starts a new generation (``open()``) and returns what hands its updates to `deliver`: queued on
    /// `queue` (see ``enqueue(on:token:_:)``), or called on the calling thread when `queue` is `nil`; either
    /// way only while the generation is current.
    /// - Parameters:
    ///   - queue: Where `deliver` runs, or `nil` for the thread that hands the update.
    ///   - deliver: Receives each update or error.
    func sender<Update: Sendable>(
        on queue: OperationQueue?, _ deliver: @escaping @Sendable (Update?, (any Error)?) -> Void
    ) -> @Sendable (Update?, (any Error)?) -> Void {
        let token = open()
        let target = queue.map(SendableOperationQueue.init)
        return { [self] update, error in
            if let target {
                enqueue(on: target.queue, token: token) { deliver(update, error) }
            } else if isCurrent(token) {
                deliver(update, error)
            }
        }
    }
}
