import Foundation
import InternalUtilities
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The terminating signals the CLI handles (SIGINT, SIGTERM, SIGHUP, SIGPIPE), caught reliably in a
/// multithreaded process.
///
/// A signal handler (async-signal-safe: it only writes the signal's number to a pipe) catches the
/// signal whichever thread the kernel delivers it to; a dedicated thread reads the pipe and runs the
/// current action. (libdispatch's signal sources block the signal only on the thread that creates
/// them and read it through `signalfd`, so with `SIG_IGN` set a signal delivered to any other thread
/// was silently dropped: Ctrl-C could be lost.)
///
/// The default action removes the temporary output files (see `TemporaryFileRegistry`) and exits with
/// 128 + the signal's number (130, 143, 129, 141), as the shell reports a process the signal killed;
/// `signals play` replaces it with a clean stop for SIGINT and SIGTERM. SIGHUP (the terminal went away)
/// and SIGPIPE (the reader of a pipe went away: `signals render … | head`) always take the default; a
/// SIGHUP ignored from the start (`nohup`) stays ignored.
enum SignalTrap {
    nonisolated(unsafe) private static var writeEnd: Int32 = -1
    /// Serialises ``install()``.
    private static let installing = Mutex(())
    private static let action = Mutex<(@Sendable (Int32) -> Void)?>(nil)

    /// The signals caught.
    static let terminating: [Int32] = [SIGINT, SIGTERM, SIGHUP, SIGPIPE]

    /// The signals whose action ``onSignal(_:)`` may replace; the others always end the process.
    static let replaceable: Set<Int32> = [SIGINT, SIGTERM]

    /// Installs the handlers for ``terminating`` and starts the reader thread (once).
    static func install() {
        installing.withLock { _ in installOnce() }
    }

    /// ``install()``'s work, under its lock.
    private static func installOnce() {
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
        for number in terminating {
            // `nohup` starts a command with SIGHUP ignored so that it outlives the terminal: that SIG_IGN stays.
            // (An inherited SIG_IGN for SIGPIPE is an accident of the parent, a test runner or a server: the
            // signal is caught whatever the parent did, as the other two are.)
            if number == SIGHUP, isIgnored(number) { continue }
            // signal(2) has BSD semantics on both Glibc and Darwin: the handler stays installed and
            // interrupted system calls restart (SA_RESTART), as a sigaction with that flag would give,
            // without the two libraries' different `struct sigaction` layouts.
            _ = signal(number) { number in
                var byte = UInt8(truncatingIfNeeded: number)
                _ = write(SignalTrap.writeEnd, &byte, 1)
            }
        }
        // A process inherits its parent's signal mask: one started from a thread that blocks SIGINT
        // (a test runner's worker thread, libdispatch's pool) would never receive it. Unblock them
        // here, in the main thread before the work starts; threads created later inherit this mask.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for number in terminating { sigaddset(&unblock, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    /// Whether `number`'s disposition is SIG_IGN (inherited from the parent): signal(2) returns the
    /// disposition it replaces, so this sets SIG_IGN, reads the old one and puts it back.
    private static func isIgnored(_ number: Int32) -> Bool {
        let old = signal(number, SIG_IGN)
        _ = signal(number, old)
        return unsafeBitCast(old, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Replaces what SIGINT and SIGTERM do (`nil` restores the default: remove temporary files and exit).
    /// - Parameter action: Called on the reader thread with the signal's number.
    static func onSignal(_ action: (@Sendable (Int32) -> Void)?) {
        self.action.withLock { $0 = action }
    }

    private static func handle(_ number: Int32) {
        let current = replaceable.contains(number) ? action.withLock { $0 } : nil
        if let current {
            current(number)
        } else {
            terminate(number)
        }
    }

    /// The default action, now, on the calling thread: removes the temporary output files and exits with
    /// 128 + `number`. A write that fails with EPIPE calls it for SIGPIPE, so that a closed pipe ends the
    /// process quietly whichever thread sees it first.
    static func terminate(_ number: Int32) -> Never {
        TemporaryFileRegistry.shared.closeAndRemoveAll()
        _exit(128 + number)
    }

    /// Blocks the calling thread for good: ``terminate(_:)`` is ending the process on another thread.
    static func awaitExit() -> Never {
        while true { pause() }
    }
}
