import Dispatch
import Formats
import Foundation
import InternalUtilities
import Playback

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes the CLI's output to a file named by `-o`, or to standard output, reporting every write error.
///
/// What `-o PATH` does depends on what is at PATH:
/// - a device (`/dev/null`, `/dev/full`), a named pipe or a socket: written through, never replaced;
/// - a symbolic link: followed; the rules apply to what it points at;
/// - a regular file, or nothing: the output goes to a temporary file beside it, which is renamed over
///   PATH only when everything was written. The file keeps its mode (a new one gets `0666 & ~umask`).
///   An error or a terminating signal (SIGINT, SIGTERM, SIGHUP, SIGPIPE) leaves the old file (or none)
///   and no temporary file, never a file whose `.npy` header promises more frames than it holds. The
///   temporary file (`.NAME.partial-XXXXXX`) is locked (`flock`) while it is written, so that the
///   temporary files a killed run left (SIGKILL, a power loss) are told from live ones and removed when
///   the same output is written again (see ``removeStalePartials(in:sparing:where:)``).
///
/// Nothing a user gave is lost: before anything is written, an output that is one of the command's
/// inputs (the same device and inode, so through a symbolic or hard link too), a file the user may not
/// write (see `WriteAccess`) or an empty path is refused (see ``Inputs``); so is standard output
/// redirected onto an input.
final class OutputSink {
    private let fd: Int32
    /// The path shown in messages.
    let name: String
    private var pending = Data()
    private let flushSize = 1 << 20
    /// The temporary file and where it goes, for a regular file.
    private var replacement: (temporary: String, target: String)?
    private var closed = false
    /// Whether ``close()`` flushes the temporary file to disk before renaming it.
    private let durable: Bool

    /// Opens `path` for writing, or standard output for `nil` / `-`, after checking it against the
    /// command's inputs (see ``Inputs/check(_:option:)``).
    /// - Parameters:
    ///   - path: The output file, `-` or `nil` for standard output.
    ///   - option: The flag that named it, for messages (`-o`, `--plot`).
    ///   - inputs: Every file the command reads.
    ///   - durable: Whether the temporary file is flushed to disk (`fsync`) before the rename (default);
    ///     `false` where a later check catches a file a power loss tore (`signals dataset`'s checksums).
    ///   - removesStale: Whether the temporary files of this output that a killed run left are removed
    ///     first (default); `false` where the command removes them all at once (`signals dataset`).
    /// - Throws: ``CLIError`` naming the path and the reason.
    init(path: String?, option: String = "-o", inputs: Inputs, durable: Bool = true, removesStale: Bool = true) throws {
        self.durable = durable
        try inputs.check(path, option: option)
        guard let path, path != "-" else {
            fd = STDOUT_FILENO
            name = "standard output"
            return
        }
        name = path
        // Handlers first: a SIGINT that arrives once the temporary file exists must find them in place.
        SignalTrap.install()
        let target = try OutputSink.resolveLinks(path)
        if removesStale {
            let base = (target as NSString).lastPathComponent
            OutputSink.removeStalePartials(in: (target as NSString).deletingLastPathComponent, sparing: inputs) {
                $0 == base
            }
        }
        var info = stat()
        if stat(target, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR { throw CLIError("cannot write to \(path): it is a directory") }
            if type != S_IFREG {
                // A device, FIFO or socket: write through it.
                let opened = open(target, O_WRONLY | O_CLOEXEC)
                guard opened >= 0 else {
                    throw CLIError("cannot open \(path) for writing: \(String(cString: strerror(errno)))")
                }
                fd = opened
                return
            }
            fd = try OutputSink.temporary(
                beside: target, mode: info.st_mode & 0o7777, owner: (info.st_uid, info.st_gid),
                name: path, replacement: &replacement)
        } else {
            let mask = umask(0)
            umask(mask)
            fd = try OutputSink.temporary(
                beside: target, mode: 0o666 & ~mask, owner: nil, name: path, replacement: &replacement)
        }
    }

    deinit {
        if !closed { abandon() }
    }

    /// Follows symbolic links (up to 40) to the path they name, even when it does not exist yet.
    static func resolveLinks(_ path: String) throws -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, info.st_mode & S_IFMT == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let n = readlink(current, &buffer, buffer.count - 1)
            guard n >= 0 else { throw CLIError("cannot follow the link \(path): \(String(cString: strerror(errno)))") }
            let destination = String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current =
                destination.hasPrefix("/")
                ? destination
                : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(destination)
        }
        throw CLIError("cannot follow the link \(path): too many levels of symbolic links")
    }

    /// Creates the temporary file beside `target`.
    private static func temporary(
        beside target: String, mode: mode_t, owner: (uid_t, gid_t)?, name: String,
        replacement: inout (temporary: String, target: String)?
    ) throws -> Int32 {
        let directory = (target as NSString).deletingLastPathComponent
        let base = (target as NSString).lastPathComponent
        var template = Array(((directory.isEmpty ? "." : directory) + "/." + base + ".partial-XXXXXX").utf8CString)
        // Created and registered under the registry's lock, so a signal that arrives in between still
        // finds the file to remove (the handler takes the same lock).
        SignalTrap.install()
        let created = TemporaryFileRegistry.shared.creating {
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            // Locked while this process lives: another run's cleanup leaves it alone (see removeStalePartials).
            if fd >= 0 { _ = flock(fd, LOCK_EX | LOCK_NB) }
            return fd >= 0
                ? (fd, String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
                : (fd, nil)
        }
        // A terminating signal's cleanup has begun: the process exits in a moment, with nothing left behind.
        guard let opened = created else { SignalTrap.awaitExit() }
        guard opened >= 0 else {
            throw CLIError("cannot create \(name): \(String(cString: strerror(errno)))")
        }
        let temporaryPath = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        _ = fchmod(opened, mode)
        if let owner { _ = fchown(opened, owner.0, owner.1) }
        replacement = (temporaryPath, target)
        return opened
    }

    /// Writes bytes (buffered up to 1 MiB).
    /// - Throws: ``CLIError`` with the reason (`No space left on device`, ...).
    func write(_ data: Data) throws {
        pending.append(data)
        if pending.count >= flushSize { try flush() }
    }

    /// Writes text as UTF-8.
    func write(_ text: String) throws { try write(Data(text.utf8)) }

    /// Writes what is buffered.
    func flush() throws {
        guard !pending.isEmpty else { return }
        let result = ProcessOutput.writeAll(fd, pending)
        pending.removeAll(keepingCapacity: true)
        if let error = result { throw CLIError("cannot write to \(name): \(error)") }
    }

    /// Writes what is left and puts the file in place.
    /// - Throws: ``CLIError`` when a write, the final flush to disk or the rename fails; the old file is then kept.
    func close() throws {
        do {
            try flush()
            if let replacement {
                if durable, fsync(fd) != 0, errno != EINVAL {
                    throw CLIError("cannot write to \(name): \(String(cString: strerror(errno)))")
                }
                // Renamed while still open and locked, so that no other run's cleanup takes it for a stale one.
                guard rename(replacement.temporary, replacement.target) == 0 else {
                    let reason = String(cString: strerror(errno))
                    throw CLIError("cannot replace \(name): \(reason)")
                }
                TemporaryFileRegistry.shared.unregister(replacement.temporary)
                closed = true
                if posixClose(fd) != 0 {
                    throw CLIError("cannot write to \(name): \(String(cString: strerror(errno)))")
                }
            } else if fd != STDOUT_FILENO {
                closed = true
                if posixClose(fd) != 0 {
                    throw CLIError("cannot write to \(name): \(String(cString: strerror(errno)))")
                }
            } else {
                closed = true
            }
        } catch {
            abandon()
            throw error
        }
    }

    /// Writes with `body`, then closes (see ``close()``); drops the output (see ``abandon()``) when `body`
    /// or the close throws, and rethrows.
    func finish(_ body: () throws -> Void) throws {
        do {
            try body()
            try close()
        } catch {
            abandon()
            throw error
        }
    }

    /// Drops the output: removes the temporary file, leaving whatever was at the path before.
    func abandon() {
        guard !closed else {
            if let replacement {
                unlink(replacement.temporary)
                TemporaryFileRegistry.shared.unregister(replacement.temporary)
            }
            return
        }
        closed = true
        if fd != STDOUT_FILENO { _ = posixClose(fd) }
        if let replacement {
            unlink(replacement.temporary)
            TemporaryFileRegistry.shared.unregister(replacement.temporary)
        }
    }
}

extension OutputSink {
    /// The files a command reads, registered before it writes anything, so that no output lands on one; a
    /// folder stands for every file beneath it (see `InputFiles`).
    ///
    /// ```swift
    /// let inputs = try OutputSink.Inputs([spec, recording])
    /// try inputs.check(output, option: "-o")        // before any work
    /// let sink = try OutputSink(path: output, inputs: inputs)
    /// ```
    typealias Inputs = InputFiles
}

extension InputFiles {
    /// Refuses an output that would lose something the user gave: an empty path, one of the inputs
    /// (the same device and inode, links followed), or an existing regular file the user may not write
    /// (`WriteAccess`); for standard output (`nil` or `-`), a redirection onto an input.
    /// - Parameters:
    ///   - path: The output, `-` or `nil` for standard output.
    ///   - option: The flag that named it (`-o`, `--plot`), for messages.
    /// - Throws: ``CLIError`` (exit status 2) saying why and what to do.
    func check(_ path: String?, option: String) throws {
        guard let path, path != "-" else {
            if let out = FileIdentity.of(descriptor: STDOUT_FILENO), out.isRegularFile, let input = input(sameAs: out) {
                throw CLIError(
                    "standard output is the input \(input) (redirected onto it); redirect the output to another file")
            }
            return
        }
        guard !path.isEmpty else {
            throw CLIError("\(option) '' names no file; give a file name, or - for standard output")
        }
        guard let identity = FileIdentity.of(path), !identity.isDevice else { return }
        if let input = entry(sameAs: identity) {
            var how =
                input.name == path ? "it is the input \(input.name)" : "it is the same file as the input \(input.name)"
            if let folder = input.folder { how += ", which the command reads from the folder \(folder)" }
            throw CLIError("cannot write to \(path): \(how); write the output to another file")
        }
        guard identity.isRegularFile, !WriteAccess.currentUserMayWrite(path) else { return }
        let mode = String(identity.mode & 0o7777, radix: 8)
        if identity.mode & 0o222 == 0 {
            throw CLIError(
                "cannot write to \(path): the file is read-only (mode 0\(mode)); make it writable (chmod u+w) or write to another file"
            )
        }
        throw CLIError(
            "cannot write to \(path): permission denied (mode 0\(mode), and you are not allowed to write it); write to another file"
        )
    }

    /// Checks an output of one format: as ``check(_:option:)``, then that its extension names that format
    /// (see `OutputSink.checkExtension(_:option:extensions:what:)`).
    /// - Parameters:
    ///   - path: The output, `-` or `nil` for standard output.
    ///   - option: The flag that named it (`-o`, `--gpx`), for messages.
    ///   - extensions: The extensions of what is written (`["svg"]`); a name without an extension passes.
    ///   - what: What the command writes, for the message ("an SVG plot").
    /// - Throws: ``CLIError`` (exit status 2) saying why and what to do.
    func check(_ path: String?, option: String, extensions: [String], what: String) throws {
        try check(path, option: option)
        try OutputSink.checkExtension(path, option: option, extensions: extensions, what: what)
    }

    /// Checks several outputs of one command (see ``check(_:option:)``), and that no two are one file.
    /// - Parameter outputs: Each output's flag and path (`nil` when not asked for).
    /// - Throws: ``CLIError``.
    func check(_ outputs: [(option: String, path: String?)]) throws {
        var seen: [(option: String, key: String)] = []
        for (option, path) in outputs {
            try check(path, option: option)
            guard let path, path != "-", !path.isEmpty else { continue }
            let key =
                FileIdentity.of(path).map { "\($0.device):\($0.inode)" }
                ?? URL(fileURLWithPath: (try? OutputSink.resolveLinks(path)) ?? path).standardizedFileURL.path
            if let other = seen.first(where: { $0.key == key }) {
                throw CLIError("\(other.option) and \(option) name the same file, \(path); give each its own file")
            }
            seen.append((option, key))
        }
    }
}

extension OutputSink {
    /// The temporary files a killed run left in `directory` for the outputs `isOurs` accepts, removed: files
    /// named `.NAME.partial-XXXXXX` (what ``init(path:option:inputs:durable:removesStale:)`` creates for
    /// NAME) that no live process holds locked. One that a running process is still writing is kept.
    /// - Parameters:
    ///   - directory: Where to look (`""` is the current directory).
    ///   - inputs: The command's inputs, never removed, whatever their names.
    ///   - isOurs: Whether NAME is one of the caller's outputs.
    /// - Returns: How many were removed.
    @discardableResult
    static func removeStalePartials(in directory: String, sparing inputs: Inputs, where isOurs: (String) -> Bool) -> Int
    {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.isEmpty ? "." : directory)
        else { return 0 }
        var removed = 0
        for name in names {
            guard let base = partialBase(name), isOurs(base) else { continue }
            let path = (directory.isEmpty ? "." : directory) + "/" + name
            let fd = open(path, O_RDONLY | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK)
            guard fd >= 0 else { continue }
            var info = stat()
            // A regular file that no process holds locked (its writer is gone), and no input.
            if fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
                FileIdentity.of(descriptor: fd).flatMap({ inputs.entry(sameAs: $0) }) == nil,
                flock(fd, LOCK_EX | LOCK_NB) == 0, unlink(path) == 0
            {
                removed += 1
            }
            _ = posixClose(fd)
        }
        return removed
    }

    /// NAME, when `file` is the name of a temporary file of an output NAME (`.NAME.partial-XXXXXX`, six
    /// letters or digits as `mkstemp` makes them).
    static func partialBase(_ file: String) -> String? {
        let marker = ".partial-"
        guard file.hasPrefix("."), let range = file.range(of: marker, options: .backwards) else { return nil }
        let suffix = file[range.upperBound...]
        guard suffix.count == 6, suffix.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else { return nil }
        let base = file[file.index(after: file.startIndex)..<range.lowerBound]
        return base.isEmpty ? nil : String(base)
    }

    /// The lowercased extension of an output's name (`csv` for `Out.CSV`); `nil` for standard output or a
    /// name without one (`/dev/null`, a pipe).
    static func fileExtension(_ path: String?) -> String? {
        guard let path, path != "-" else { return nil }
        let name = (path as NSString).lastPathComponent
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        let ext = name[name.index(after: dot)...].lowercased()
        return ext.isEmpty ? nil : ext
    }

    /// Refuses an output whose extension names another format than the one the command writes.
    /// - Parameters:
    ///   - path: The output (`nil` or `-`: standard output, no check).
    ///   - option: Its flag, for the message.
    ///   - extensions: The extensions of what is written (`["svg"]`); a name without an extension passes.
    ///   - what: What the command writes, for the message ("an SVG plot").
    /// - Throws: ``CLIError``.
    static func checkExtension(_ path: String?, option: String, extensions: [String], what: String) throws {
        guard let path, let ext = fileExtension(path), !extensions.contains(ext) else { return }
        let names = extensions.map { "." + $0 }
        let list = names.count == 1 ? names[0] : names.dropLast().joined(separator: ", ") + " or " + names.last!
        throw CLIError("\(option) \(path): this writes \(what), not a .\(ext) file; name the file \(list)")
    }
}

/// Writes to standard output and standard error without ever trapping on an error.
enum ProcessOutput {
    /// Writes all of `data` to `fd`, retrying on EINTR; the error text, or `nil` on success.
    static func writeAll(_ fd: Int32, _ data: Data) -> String? {
        data.withUnsafeBytes { raw -> String? in
            var offset = 0
            while offset < raw.count {
                let n = posixWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    // The reader went away: end quietly, as SIGPIPE's default would (its handler may not have run yet).
                    if errno == EPIPE { SignalTrap.terminate(SIGPIPE) }
                    return String(cString: strerror(errno))
                }
                offset += n
            }
            return nil
        }
    }

    /// Writes text to standard output.
    /// - Throws: ``CLIError`` ("cannot write to standard output: No space left on device").
    static func output(_ text: String) throws {
        if let error = writeAll(STDOUT_FILENO, Data(text.utf8)) {
            throw CLIError("cannot write to standard output: \(error)")
        }
    }

    /// Writes text to standard error; an error there cannot be reported anywhere and is ignored.
    static func error(_ text: String) {
        _ = writeAll(STDERR_FILENO, Data(text.utf8))
    }
}

/// `close(2)` and `write(2)`, named apart from the methods above.
private func posixClose(_ fd: Int32) -> Int32 { close(fd) }
private func posixWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int { write(fd, buffer, count) }
