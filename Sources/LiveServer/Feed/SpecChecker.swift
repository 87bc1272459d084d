import Foundation
import NIOConcurrencyHelpers

#if canImport(Glibc)
import Glibc
#endif

/// Decodes and checks the specs that replace a feed's source (`PUT /v1/spec`), one at a time, on a thread
/// of its own that runs at a lower priority than the playback thread.
///
/// A large spec takes seconds to check (a trajectory builds its whole path: about 0.18 ms per waypoint in
/// a debug build). Checked on a request's task, it takes a core of the cooperative pool and, on a small
/// machine, competes with the playback thread as an equal, which then wakes late. Here it never holds a
/// thread of the pool, and on Linux its thread's nice value is ``niceness`` (the playback thread keeps
/// the process's), so the scheduler gives the timeline the core first; elsewhere the thread has the
/// `.utility` quality of service. The thread exists only while there is work.
///
/// At most ``mostWaiting`` checks wait behind the one running: one more is refused (503), so that a
/// client that sends spec after spec holds at most that much memory and work.
final class SpecChecker: Sendable {
    /// The nice value of the checking thread on Linux (0 is the process's, 19 the lowest priority).
    static let niceness: Int32 = 10
    /// Checks that may wait behind the one running.
    static let mostWaiting = 8
    /// The checking thread's name (at most 15 bytes, as Linux allows).
    static let threadName = "spec check"

    private struct State {
        /// The work waiting, in order.
        var jobs: [@Sendable () -> Void] = []
        /// Whether a thread is taking jobs.
        var running = false
        /// Checks accepted and not finished: those waiting and the one running.
        var accepted = 0
    }

    private let state = NIOLockedValueBox(State())

    /// How many checks wait behind the one running.
    var waiting: Int { state.withLockedValue { $0.jobs.count } }

    /// Runs `work` on the checking thread once the checks before it are done.
    /// - Returns: What `work` returns.
    /// - Throws: ``LiveServerError`` (503) when ``mostWaiting`` checks are waiting already; else what
    ///   `work` throws.
    func check<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Value, any Error>) in
            let job: @Sendable () -> Void = { [self] in
                let result = Result { try work() }
                state.withLockedValue { $0.accepted -= 1 }
                continuation.resume(with: result)
            }
            let (taken, start) = state.withLockedValue { s -> (Bool, Bool) in
                guard s.accepted <= Self.mostWaiting else { return (false, false) }
                s.accepted += 1
                s.jobs.append(job)
                let start = !s.running
                s.running = true
                return (true, start)
            }
            guard taken else {
                continuation.resume(
                    throwing: LiveServerError(
                        .unavailable,
                        "\(Self.mostWaiting) specs are waiting to be checked already; send this one once they are applied"
                    ))
                return
            }
            if start { startThread() }
        }
    }

    /// Starts a thread that takes jobs until there are none left.
    private func startThread() {
        let thread = Thread { [self] in
            #if os(Linux)
            // On Linux the nice value is the calling thread's (PRIO_PROCESS with who 0, under NPTL).
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
            #endif
            while let job = next() { job() }
        }
        thread.name = Self.threadName
        thread.qualityOfService = .utility
        thread.start()
    }

    /// The next job, or `nil` once there is none (the thread then ends; the next check starts another).
    private func next() -> (@Sendable () -> Void)? {
        state.withLockedValue { s in
            guard !s.jobs.isEmpty else {
                s.running = false
                return nil
            }
            return s.jobs.removeFirst()
        }
    }
}
