import Foundation
import SensorData

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads bytes from a regular file in 64 KB chunks (or from bytes in memory), counting lines, for the
/// file readers: memory stays bounded whatever the file's size, and no line may exceed ``lineLimit``.
package final class ByteReader {
    private var file: UnsafeMutablePointer<FILE>?
    private let memory: Data
    private var memoryOffset = 0
    private var buffer: [UInt8]
    private var position = 0
    private var end = 0
    private var exhausted = false
    /// A read error met while refilling (reported by ``checkReadError()``).
    private var readError: SignalError?
    /// 1-based line of the next byte.
    package private(set) var line = 1
    /// The name used in errors.
    package let name: String?
    /// The longest line (or JSON element) a reader accepts, in bytes (default 1 MiB).
    package var lineLimit = 1 << 20

    /// Opens a file.
    /// - Throws: `SignalError` (`unreadable`) when it cannot be opened.
    package init(path: String, name: String? = nil) throws(SignalError) {
        guard let file = fopen(path, "rb") else {
            let reason = String(cString: strerror(errno))
            throw SignalError(.unreadable, "cannot open: \(reason)", file: name ?? path)
        }
        self.file = file
        self.name = name ?? path
        memory = Data()
        buffer = [UInt8](repeating: 0, count: 1 << 16)
    }

    /// Reads bytes in memory.
    /// - Parameters:
    ///   - data: The bytes.
    ///   - name: The name used in errors.
    ///   - bufferSize: Bytes copied per refill (default 64 KiB); tests and the fuzz harness pass small
    ///     sizes so that every byte sits at a refill boundary. At least 1.
    package init(data: Data, name: String?, bufferSize: Int = 1 << 16) {
        memory = data
        self.name = name
        buffer = [UInt8](repeating: 0, count: max(1, bufferSize))
    }

    deinit {
        if let file { fclose(file) }
    }

    /// Fills the buffer; `false` at the end of the input (or after a read error, kept for ``checkReadError()``).
    private func refill() -> Bool {
        guard !exhausted else { return false }
        position = 0
        if let file {
            end = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if end == 0 {
                exhausted = true
                if ferror(file) != 0 {
                    readError = SignalError(
                        .unreadable, "read error: \(String(cString: strerror(errno)))", file: name, line: line)
                }
            }
        } else {
            end = min(buffer.count, memory.count - memoryOffset)
            if end > 0 {
                let start = memory.startIndex + memoryOffset
                buffer.withUnsafeMutableBytes { dst in
                    memory.copyBytes(to: dst.bindMemory(to: UInt8.self), from: start..<start + end)
                }
            }
            memoryOffset += end
            if end == 0 { exhausted = true }
        }
        return end > 0
    }

    /// Throws the read error met at the end of the input, if any.
    package func checkReadError() throws(SignalError) {
        if let readError { throw readError }
    }

    /// The next byte without consuming it, or `nil` at the end.
    @inline(__always)
    package func peek() -> UInt8? {
        if position == end, !refill() { return nil }
        return buffer[position]
    }

    /// The next byte, or `nil` at the end.
    @inline(__always)
    package func next() -> UInt8? {
        if position == end, !refill() { return nil }
        let byte = buffer[position]
        position += 1
        if byte == 0x0A { line += 1 }
        return byte
    }

    /// Skips a UTF-8 byte order mark at the very start of the input.
    package func skipByteOrderMark() {
        guard line == 1, peek() == 0xEF, position == 0 else { return }
        // Only at offset 0 of the input. In memory the buffer may be shorter than the mark, so look at the
        // bytes themselves; a file's first buffer holds the whole mark (fread fills it).
        let isMark =
            file == nil
            ? memoryOffset == end && memory.starts(with: [0xEF, 0xBB, 0xBF])
            : end >= 3 && buffer[1] == 0xBB && buffer[2] == 0xBF
        if isMark { for _ in 0..<3 { _ = next() } }
    }

    /// Reads one line (without its `\n` or `\r\n`) into `out`, replacing its contents.
    /// - Returns: `false` at the end of the input (nothing read).
    /// - Throws: `SignalError` (`malformed`) for a line longer than ``lineLimit``; a read error.
    package func readLine(into out: inout [UInt8]) throws(SignalError) -> Bool {
        out.removeAll(keepingCapacity: true)
        var any = false
        while true {
            if position == end, !refill() { break }
            any = true
            let start = position
            var found = false
            buffer.withUnsafeBufferPointer { b in
                while position < end {
                    if b[position] == 0x0A {
                        found = true
                        break
                    }
                    position += 1
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[start..<position]))
            }
            if out.count > lineLimit {
                throw SignalError(
                    .malformed, "line \(line) is longer than \(lineLimit) bytes; is this a text file of points?",
                    file: name, line: line)
            }
            if found {
                position += 1
                line += 1
                break
            }
        }
        try checkReadError()
        if out.last == 0x0D { out.removeLast() }
        return any
    }

    /// Copies the next bytes into `out` (binary data: lines are not counted).
    /// - Parameter out: Where the bytes go; filled unless the input ends first.
    /// - Returns: How many bytes were copied (fewer than `out.count` only at the end of the input).
    /// - Throws: `SignalError` (`unreadable`) for a read error.
    package func read(into out: UnsafeMutableRawBufferPointer) throws(SignalError) -> Int {
        var filled = 0
        while filled < out.count {
            if position == end, !refill() { break }
            let n = min(end - position, out.count - filled)
            buffer.withUnsafeBytes { b in
                guard let src = b.baseAddress, let dst = out.baseAddress else { return }
                (dst + filled).copyMemory(from: src + position, byteCount: n)
            }
            position += n
            filled += n
        }
        try checkReadError()
        return filled
    }

    /// Skips spaces, tabs and line breaks.
    package func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { _ = next() }
    }
}

extension UInt8 {
    /// Space, tab, CR or LF.
    package var isJSONWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
