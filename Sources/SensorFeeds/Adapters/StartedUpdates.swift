import Synchronization

/// The updates an adapter has started on Apple's manager and not stopped yet, so that releasing the adapter
/// stops them: a manager the app passed in outlives the adapter, and a handler left running would call into
/// an adapter that is gone. Compiled and tested on Linux.
package final class StartedUpdates<Kind: Hashable & Sendable>: Sendable {
    private let started = Mutex<Set<Kind>>([])

    /// Creates an empty record.
    package init() {}

    /// Records that `kind` was started.
    /// - Parameter kind: The kind of update.
    package func start(_ kind: Kind) { _ = started.withLock { $0.insert(kind) } }

    /// Records that `kind` was stopped.
    /// - Parameter kind: The kind of update.
    package func stop(_ kind: Kind) { _ = started.withLock { $0.remove(kind) } }

    /// Whether `kind` is started.
    /// - Parameter kind: The kind of update.
    package func isStarted(_ kind: Kind) -> Bool { started.withLock { $0.contains(kind) } }

    /// Every kind still started, forgotten from now on (what `deinit` stops).
    package func drain() -> Set<Kind> {
        started.withLock { s in
            defer { s = [] }
            return s
        }
    }
}
