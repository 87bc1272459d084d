#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// SIGINT and SIGTERM, caught reliably in a multithreaded process.
///
/// A signal handler (async-signal-safe: it only writes the signal's number to a pipe) catches the
/// signal whichever thread the kernel delivers it to; a dedicated thread reads the pipe and runs the
/// current action. (libdispatch's signal sources block the signal only on the thread that creates
/// them and read it through `signalfd`, so with `SIG_IGN` set a signal delivered to any other thread
/// was silently dropped: Ctrl-C could be lost.)
///
/// The default action removes the temporary output files (see ``TemporaryFiles``) and exits with
/// 128 + the signal's number; `signals play` replaces it with a clean stop.
enum SignalTrap {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    private static let lock = NSLock()
    nonisolated(unsafe) private static var action: (@Sendable (Int32) -> Void)?

    /// Installs the handlers for SIGINT and SIGTERM and starts the reader thread (once).
    static func install() {
        lock.lock()
        defer { lock.unlock() }
        guard writeEnd < 0 else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        writeEnd = ends[1]
        let readEnd = ends[0]
        let reader = Thread {
            var byte: UInt8 = 0
            while true {
                let n = read(readEnd, &byte, 1)
                if n < 0, errno == EINTR { continue }
                guard n == 1 else { return }
                SignalTrap.handle(Int32(byte))
            }
        }
        reader.name = "SignalRunner.SignalTrap"
        reader.start()
        for number in [SIGINT, SIGTERM] {
            // signal(2) has BSD semantics on both Glibc and Darwin: the handler stays installed and
            // interrupted system calls restart (SA_RESTART), as a sigaction with that flag would give,
            // without the two libraries' different `struct sigaction` layouts.
            _ = signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(SignalTrap.writeEnd, &byte, 1)
            }
        }
        // A process inherits its parent's signal mask: one started from a thread that blocks SIGINT
        // (a test runner's worker thread, libdispatch's pool) would never receive it. Unblock both
        // here, in the main thread before the work starts; threads created later inherit this mask.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        sigaddset(&unblock, SIGINT)
        sigaddset(&unblock, SIGTERM)
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Replaces what a signal does (`nil` restores the default: remove temporary files and exit).
    /// - Parameter action: Called on the reader thread with the signal's number.
    static func onSignal(_ action: (@Sendable (Int32) -> Void)?) {
        lock.withLock { self.action = action }
    }

    private static func handle(_ number: Int32) {
        let current = lock.withLock { action }
        if let current {
            current(number)
        } else {
            TemporaryFiles.shared.removeAll()
            _exit(128 + number)
        }
    }
}
