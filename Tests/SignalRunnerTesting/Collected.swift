import Foundation

/// Values and errors handed to update handlers on an operation queue, collected for a test that blocks
/// until a count of them arrived.
package final class Collected<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Value] = []
    private var errors: [String] = []
    private let target: Int
    private let reached = DispatchSemaphore(value: 0)

    /// A collector that ``wait()`` releases at the `target`-th value or error.
    package init(until target: Int) { self.target = target }

    /// A handler's arguments: the value, the error, or both, each kept.
    package func add(_ value: Value?, _ error: (any Error)?) {
        let count: Int = lock.withLock {
            if let value { storage.append(value) }
            if let error { errors.append("\(error)") }
            return storage.count + errors.count
        }
        if count == target { reached.signal() }
    }

    /// Every value so far.
    package var values: [Value] { lock.withLock { storage } }
    /// The first `target` values (more may arrive between the last wanted one and the stop).
    package var firstValues: [Value] { lock.withLock { Array(storage.prefix(target)) } }
    /// Every error so far, described.
    package var failures: [String] { lock.withLock { errors } }

    /// Waits until `target` values or errors arrived (bounded, so a broken manager fails the test).
    package func wait() -> Bool { reached.wait(timeout: .now() + 30) == .success }
}

/// A queue that runs one handler at a time, in order: where the tests start their updates.
package func serialQueue() -> OperationQueue {
    let q = OperationQueue()
    q.maxConcurrentOperationCount = 1
    return q
}
