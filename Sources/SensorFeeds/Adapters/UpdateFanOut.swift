import Foundation
import Synchronization

/// One underlying update source (Core Location's updates, CoreMotion's device motion) shared by the
/// app's own start and stop calls and any number of async iterations: the source runs while the app has
/// started it or any iteration is alive, and stops when the last of them ends.
///
/// The adapters over Apple's managers are built on it, so that everything in them but the calls into
/// Apple's frameworks is compiled and tested on Linux (`UpdateFanOutTests`).
///
/// - `control` is called, under the lock, each time the wanted state changes; it brings the source to
///   ``isRunning`` (the state wanted when it runs, not when it was called: the adapters queue the work on
///   the main queue, and a late call must not undo a newer one). It must not call back into the fan-out
///   synchronously.
/// - Elements reach every live iteration; ``yield(_:)`` says whether the app's own updates are on, so that
///   an adapter forwards to the app's delegate only then.
/// - Continuations are finished outside the lock (finishing one runs its termination handler, which
///   takes the lock).
package final class UpdateFanOut<Element: Sendable>: Sendable {
    private struct State {
        var consumers: [Int: AsyncThrowingStream<Element, any Error>.Continuation] = [:]
        var nextID = 0
        var appStarted = false
        var running = false
    }

    private let state = Mutex(State())
    private let control: @Sendable (UpdateFanOut<Element>) -> Void

    /// Creates a fan-out whose source `control` starts or stops, to match ``isRunning``.
    /// - Parameter control: Brings the underlying source to the fan-out's ``isRunning``.
    package init(control: @escaping @Sendable (UpdateFanOut<Element>) -> Void) {
        self.control = control
    }

    deinit {
        let consumers = state.withLock { s in
            defer { s.consumers = [:] }
            return Array(s.consumers.values)
        }
        for c in consumers { c.finish() }
    }

    /// Whether the source is wanted now (the app's updates are on, or an iteration is alive).
    package var isRunning: Bool { state.withLock { $0.running } }
    /// Whether the app's own updates are on (``setAppStarted(_:)``).
    package var isAppStarted: Bool { state.withLock { $0.appStarted } }
    /// Live iterations.
    package var consumerCount: Int { state.withLock { $0.consumers.count } }

    /// Records the app's own start (`true`) or stop (`false`) of updates.
    /// - Parameter on: Whether the app wants updates.
    package func setAppStarted(_ on: Bool) {
        state.withLock { s in
            s.appStarted = on
            reconcile(&s)
        }
    }

    /// A new iteration: it receives every element from now on, keeping the newest `limit` when its
    /// consumer falls behind, and ending it (or cancelling its task) releases the source.
    /// - Parameter limit: Elements buffered for a slow consumer (at least 1).
    package func makeStream(bufferingNewest limit: Int) -> AsyncThrowingStream<Element, any Error> {
        let (stream, continuation) = AsyncThrowingStream<Element, any Error>.makeStream(
            bufferingPolicy: .bufferingNewest(max(1, limit)))
        let id = state.withLock { s in
            let id = s.nextID
            s.nextID += 1
            s.consumers[id] = continuation
            reconcile(&s)
            return id
        }
        continuation.onTermination = { [weak self] _ in self?.remove(id) }
        return stream
    }

    /// Hands `element` to every live iteration.
    /// - Returns: Whether the app's own updates are on (forward to its delegate or handler only then).
    @discardableResult
    package func yield(_ element: Element) -> Bool {
        let (consumers, appStarted) = state.withLock { s in (Array(s.consumers.values), s.appStarted) }
        for c in consumers { c.yield(element) }
        return appStarted
    }

    /// Ends every live iteration with `error` (`nil`: normally); the source keeps running while the app
    /// has started it.
    /// - Parameter error: The error the iterations end with, or `nil`.
    package func finishAll(throwing error: (any Error)? = nil) {
        let consumers = state.withLock { s in
            defer {
                s.consumers = [:]
                reconcile(&s)
            }
            return Array(s.consumers.values)
        }
        for c in consumers { c.finish(throwing: error) }
    }

    private func remove(_ id: Int) {
        state.withLock { s in
            s.consumers[id] = nil
            reconcile(&s)
        }
    }

    private func reconcile(_ s: inout State) {
        let wanted = s.appStarted || !s.consumers.isEmpty
        guard wanted != s.running else { return }
        s.running = wanted
        control(self)
    }
}

/// A value touched only on the main queue, so that it may be captured by `@Sendable` closures: Apple's
/// managers are not `Sendable`, and the adapters call them only through ``async(_:)``.
// Value (an Apple manager) is not Sendable; it is touched only on the main queue
package struct MainQueueBound<Value>: @unchecked Sendable {  // touched only on the main queue
    private let value: Value

    /// Wraps `value`, which from now on must be used only through ``async(_:)``.
    /// - Parameter value: The value.
    package init(_ value: Value) { self.value = value }

    /// Runs `body` with the value on the main queue, after the calls queued before it.
    /// - Parameter body: What to do with the value.
    package func async(_ body: @escaping @Sendable (Value) -> Void) {
        let box = self
        DispatchQueue.main.async { body(box.value) }
    }
}

/// A weak reference, for ``MainQueueBound`` to carry an adapter to the main queue without keeping it alive.
package final class WeakReference<Value: AnyObject> {
    /// The object, or `nil` once it is released.
    package weak var value: Value?

    /// Refers to `value` weakly.
    /// - Parameter value: The object.
    package init(_ value: Value) { self.value = value }
}

/// An `OperationQueue` captured by `@Sendable` closures. Apple documents the queue as safe to use from
/// several threads without extra locking; this wrapper says so to the compiler whether or not the SDK in
/// use marks `OperationQueue` `Sendable`.
// OperationQueue is thread-safe by Apple's documentation, whether or not the SDK marks it Sendable
struct SendableOperationQueue: @unchecked Sendable {  // thread-safe by Apple's documentation
    /// The queue.
    let queue: OperationQueue
}
