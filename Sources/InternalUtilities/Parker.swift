#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#else
import Foundation
#endif

/// A one-token wake-up for one waiting thread: ``unpark()`` leaves a token, ``park(until:)`` consumes
/// it or waits for it (up to a deadline on ``Monotonic``). A token left before the wait is not lost,
/// so there is no race between deciding to wait and waiting.
// token and pthread condition guarded by its own pthread mutex (a monotonic-clock condition variable)
package final class Parker: @unchecked Sendable {  // guarded by its own pthread mutex
    #if canImport(Glibc) || canImport(Darwin)
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private let condition: UnsafeMutablePointer<pthread_cond_t>
    #else
    private let condition = NSCondition()
    #endif
    private var token = false

    package init() {
        #if canImport(Glibc) || canImport(Darwin)
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        #if canImport(Glibc)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(condition, &attributes)
        pthread_condattr_destroy(&attributes)
        #else
        pthread_cond_init(condition, nil)
        #endif
        #endif
    }

    deinit {
        #if canImport(Glibc) || canImport(Darwin)
        pthread_cond_destroy(condition)
        condition.deinitialize(count: 1)
        condition.deallocate()
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
        #endif
    }

    /// Leaves the token and wakes the waiting thread, if any.
    package func unpark() {
        #if canImport(Glibc) || canImport(Darwin)
        pthread_mutex_lock(mutex)
        token = true
        pthread_cond_signal(condition)
        pthread_mutex_unlock(mutex)
        #else
        condition.lock()
        token = true
        condition.signal()
        condition.unlock()
        #endif
    }

    /// Whether a token is waiting (without consuming it).
    package var isUnparked: Bool {
        #if canImport(Glibc) || canImport(Darwin)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        #else
        condition.lock()
        defer { condition.unlock() }
        #endif
        return token
    }

    /// Waits for the token, at most until `deadline` (nanoseconds on ``Monotonic``; `nil` waits for ever).
    /// - Returns: `true` when the token was consumed, `false` when the deadline came first.
    @discardableResult
    package func park(until deadline: Int64? = nil) -> Bool {
        #if canImport(Glibc) || canImport(Darwin)
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while !token {
            guard let deadline else {
                pthread_cond_wait(condition, mutex)
                continue
            }
            let now = Monotonic.now()
            if now >= deadline { return false }
            #if canImport(Glibc)
            var ts = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
            _ = pthread_cond_timedwait(condition, mutex, &ts)
            #else
            let remaining = deadline - now
            var ts = timespec(tv_sec: Int(remaining / 1_000_000_000), tv_nsec: Int(remaining % 1_000_000_000))
            _ = pthread_cond_timedwait_relative_np(condition, mutex, &ts)
            #endif
        }
        token = false
        return true
        #else
        condition.lock()
        defer { condition.unlock() }
        while !token {
            guard let deadline else {
                condition.wait()
                continue
            }
            let remaining = deadline - Monotonic.now()
            if remaining <= 0 { return false }
            _ = condition.wait(until: Date(timeIntervalSinceNow: Double(remaining) / 1e9))
        }
        token = false
        return true
        #endif
    }
}
