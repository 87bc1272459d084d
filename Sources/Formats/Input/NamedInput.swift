import Foundation
import SensorData

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An input the user named: a regular file (re-read on every pass), or standard input (`-`), a named
/// pipe, process substitution (`<(cat walk.csv)`) or a device, which can be read only once and is
/// therefore read once, whole, into memory when opened.
///
/// ```swift
/// let input = try NamedInput.open("walk.csv")
/// let kind = InputKind.detect(name: input.name, head: input.head)   // .points(.csv)
/// ```
package struct NamedInput: Sendable, Hashable {
    /// Where the bytes are.
    package enum Storage: Sendable, Hashable {
        /// A regular file, opened again for each pass.
        case file(path: String)
        /// Everything a one-shot input held.
        case bytes(Data)
    }

    /// The name to show in messages (`walk.csv`, `standard input`).
    package let name: String
    /// The path as given (`-` for standard input), for telling the format by extension.
    package let path: String
    /// Where the bytes are.
    package let storage: Storage
    /// The first bytes (up to 64 KiB), for telling the format.
    package let head: Data

    /// Bytes of a one-shot input kept at most (default 512 MiB).
    package static let defaultSpoolLimit = 512 << 20

    /// Opens `path` (`-` is standard input).
    ///
    /// A one-shot input is read whole now, at most `spoolLimit` bytes. Unless `binary`, a NUL byte, or a
    /// line longer than `lineLimit`, stops the read at once with an error: text formats never hold them,
    /// so `/dev/zero` or `/dev/urandom` fail fast instead of filling memory.
    /// - Parameters:
    ///   - path: A file path, or `-`.
    ///   - spoolLimit: Largest one-shot input kept, in bytes.
    ///   - lineLimit: Longest line of a text input, in bytes.
    /// - Throws: `SignalError` (`unreadable`: missing file, a directory, a read error, too large).
    package static func open(
        _ path: String, spoolLimit: Int = defaultSpoolLimit, lineLimit: Int = 1 << 20
    ) throws(SignalError) -> NamedInput {
        let name = path == "-" ? "standard input" : path
        let fd: Int32
        if path == "-" {
            fd = 0
        } else {
            fd = posixOpen(path)
            guard fd >= 0 else {
                let reason = errno == ENOENT ? "no such file" : String(cString: strerror(errno))
                throw SignalError(.unreadable, "cannot open: \(reason)", file: name)
            }
        }
        defer { if fd != 0 { close(fd) } }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            throw SignalError(.unreadable, "cannot read: \(String(cString: strerror(errno)))", file: name)
        }
        let type = info.st_mode & S_IFMT
        if type == S_IFDIR { throw SignalError(.unreadable, "is a directory, not a file", file: name) }
        if type == S_IFREG && path != "-" {
            let head = try readChunk(fd, max: 1 << 16, name: name)
            return NamedInput(name: name, path: path, storage: .file(path: path), head: head)
        }
        let all = try spool(fd, name: name, limit: spoolLimit, lineLimit: lineLimit)
        return NamedInput(name: name, path: path, storage: .bytes(all), head: all.prefix(1 << 16))
    }

    /// Wraps bytes already in memory.
    package init(name: String, bytes: Data) {
        self.init(name: name, path: name, storage: .bytes(bytes), head: bytes.prefix(1 << 16))
    }

    private init(name: String, path: String, storage: Storage, head: Data) {
        self.name = name
        self.path = path
        self.storage = storage
        self.head = head
    }

    /// A reader over the bytes from the start.
    /// - Throws: `SignalError` (`unreadable`) when a file cannot be opened again.
    package func byteReader() throws(SignalError) -> ByteReader {
        switch storage {
        case .file(let path): return try ByteReader(path: path, name: name)
        case .bytes(let data): return ByteReader(data: data, name: name)
        }
    }

    /// All the bytes, at most `limit`; with `allowingMore`, the first `limit` bytes of a longer input.
    /// - Throws: `SignalError` (`unreadable`) for a read error or (without `allowingMore`) an input
    ///   over `limit` bytes.
    package func data(limit: Int, allowingMore: Bool = false) throws(SignalError) -> Data {
        switch storage {
        case .bytes(let data):
            if allowingMore { return data.prefix(limit) }
            guard data.count <= limit else {
                throw SignalError(.unreadable, "holds \(data.count) bytes; the limit is \(limit)", file: name)
            }
            return data
        case .file(let path):
            let fd = posixOpen(path)
            guard fd >= 0 else {
                throw SignalError(.unreadable, "cannot open: \(String(cString: strerror(errno)))", file: name)
            }
            defer { close(fd) }
            if allowingMore { return try NamedInput.readChunk(fd, max: limit, name: name) }
            return try NamedInput.spool(fd, name: name, limit: limit, lineLimit: nil)
        }
    }

    /// Reads up to `max` bytes (fewer only at the end of the input).
    private static func readChunk(_ fd: Int32, max: Int, name: String) throws(SignalError) -> Data {
        var data = Data(count: max)
        var filled = 0
        while filled < max {
            let n = data.withUnsafeMutableBytes { read(fd, $0.baseAddress! + filled, max - filled) }
            if n < 0 {
                if errno == EINTR { continue }
                throw SignalError(.unreadable, "read error: \(String(cString: strerror(errno)))", file: name)
            }
            if n == 0 { break }
            filled += n
        }
        data.count = filled
        return data
    }

    /// Reads everything, checking the limits as it goes.
    private static func spool(_ fd: Int32, name: String, limit: Int, lineLimit: Int?) throws(SignalError) -> Data {
        var all = Data()
        var lineLength = 0
        var checkText = lineLimit != nil
        while true {
            let chunk = try readChunk(fd, max: 1 << 16, name: name)
            if chunk.isEmpty { break }
            if all.isEmpty, NPYHeader.isNPY(chunk) { checkText = false }
            if checkText, let lineLimit {
                for (offset, byte) in chunk.enumerated() {
                    if byte == 0 {
                        throw SignalError(
                            .malformed,
                            "holds a NUL byte at offset \(all.count + offset): binary data, not a text file of points or a spec",
                            file: name)
                    }
                    if byte == 0x0A {
                        lineLength = 0
                    } else {
                        lineLength += 1
                        if lineLength > lineLimit {
                            throw SignalError(
                                .malformed,
                                "has a line longer than \(lineLimit) bytes; is this a text file of points or a spec?",
                                file: name)
                        }
                    }
                }
            }
            all.append(chunk)
            guard all.count <= limit else {
                throw SignalError(
                    .unreadable, "gives more than \(limit) bytes; save it to a regular file and pass its path",
                    file: name)
            }
        }
        return all
    }
}

/// `open(2)` for reading, close-on-exec.
private func posixOpen(_ path: String) -> Int32 { open(path, O_RDONLY | O_CLOEXEC) }
