import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The temporary files a process must remove when a terminating signal ends it.
///
/// A file is created and registered under one lock, and ``closeAndRemoveAll()`` removes the registered
/// files under the same lock and closes the registry: once the process has begun to exit, no thread can
/// create a temporary file that nobody would remove (a render opens its streams one after another, so a
/// signal can arrive between two of them).
package final class TemporaryFileRegistry: Sendable {
    /// The process's registry (the signal handler's).
    package static let shared = TemporaryFileRegistry()

    private struct State {
        var paths: Set<String> = []
        var closed = false
    }

    private let state = Mutex(State())

    /// An empty, open registry.
    package init() {}

    /// Runs `create` (which makes a file and returns its descriptor and path, or a path of `nil` when it
    /// failed) and registers the path, both under the lock that ``closeAndRemoveAll()`` takes.
    /// - Returns: `create`'s descriptor, or `nil` without running `create` when the registry is closed
    ///   (the process is exiting).
    package func creating(_ create: () -> (Int32, String?)) -> Int32? {
        state.withLock { state in
            guard !state.closed else { return nil }
            let (fd, path) = create()
            if let path { state.paths.insert(path) }
            return fd
        }
    }

    /// Forgets `path` (it was renamed into place or removed by its owner).
    package func unregister(_ path: String) {
        state.withLock { _ = $0.paths.remove(path) }
    }

    /// The paths registered now.
    package var registered: Set<String> { state.withLock { $0.paths } }

    /// Whether ``closeAndRemoveAll()`` has run.
    package var isClosed: Bool { state.withLock { $0.closed } }

    /// Removes every registered file and closes the registry: ``creating(_:)`` creates nothing from now on.
    package func closeAndRemoveAll() {
        state.withLock { state in
            state.closed = true
            for path in state.paths { unlink(path) }
            state.paths.removeAll()
        }
    }
}
