#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
import Foundation
#endif

/// A mutual-exclusion lock over a `pthread_mutex_t` at a stable address (`NSLock` elsewhere).
///
/// Held only for a few loads and stores: never across a handler call, a sleep or an allocation.
package final class Lock: @unchecked Sendable {
    #if canImport(Glibc) || canImport(Darwin)
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    package init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    package func lock() { pthread_mutex_lock(mutex) }
    package func unlock() { pthread_mutex_unlock(mutex) }
    #else
    private let lockObject = NSLock()
    package func lock() { lockObject.lock() }
    package func unlock() { lockObject.unlock() }
    #endif

    /// Runs `body` with the lock held.
    @inline(__always)
    package func withLock<R>(_ body: () throws -> R) rethrows -> R {
        lock()
        defer { unlock() }
        return try body()
    }
}
