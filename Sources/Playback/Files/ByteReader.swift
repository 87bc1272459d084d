#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation

/// Reads bytes from a file in 64 KB chunks (or from bytes in memory), counting lines, for the point
/// file readers: memory stays bounded whatever the file's size.
final class ByteReader {
    private var file: UnsafeMutablePointer<FILE>?
    private var memory: [UInt8]
    private var memoryOffset = 0
    private var buffer: [UInt8]
    private var position = 0
    private var end = 0
    private var exhausted = false
    /// 1-based line of the next byte.
    private(set) var line = 1
    /// The name used in errors.
    let name: String?

    /// Opens a file.
    /// - Throws: ``PlaybackError`` (`unreadable`) when it cannot be opened.
    init(path: String) throws(PlaybackError) {
        guard let file = fopen(path, "rb") else {
            let reason = String(cString: strerror(errno))
            throw PlaybackError(.unreadable, "cannot open the point file: \(reason)", file: path)
        }
        self.file = file
        name = path
        memory = []
        buffer = [UInt8](repeating: 0, count: 1 << 16)
    }

    /// Reads bytes in memory.
    init(data: Data, name: String?) {
        memory = [UInt8](data)
        self.name = name
        buffer = [UInt8](repeating: 0, count: 1 << 16)
    }

    deinit {
        if let file { fclose(file) }
    }

    /// Fills the buffer; `false` at the end of the input.
    private func refill() -> Bool {
        guard !exhausted else { return false }
        position = 0
        if let file {
            end = buffer.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if end == 0 { exhausted = true }
        } else {
            end = min(buffer.count, memory.count - memoryOffset)
            if end > 0 {
                buffer.withUnsafeMutableBufferPointer { dst in
                    memory.withUnsafeBufferPointer { src in
                        dst.baseAddress!.update(from: src.baseAddress! + memoryOffset, count: end)
                    }
                }
            }
            memoryOffset += end
            if end == 0 { exhausted = true }
        }
        return end > 0
    }

    /// The next byte without consuming it, or `nil` at the end.
    @inline(__always)
    func peek() -> UInt8? {
        if position == end, !refill() { return nil }
        return buffer[position]
    }

    /// The next byte, or `nil` at the end.
    @inline(__always)
    func next() -> UInt8? {
        if position == end, !refill() { return nil }
        let byte = buffer[position]
        position += 1
        if byte == 0x0A { line += 1 }
        return byte
    }

    /// Reads one line (without its `\n` or `\r\n`) into `into`, replacing its contents.
    /// - Returns: `false` at the end of the input (nothing read).
    func readLine(into out: inout [UInt8]) -> Bool {
        out.removeAll(keepingCapacity: true)
        var any = false
        while true {
            if position == end, !refill() { break }
            any = true
            let start = position
            var found = false
            buffer.withUnsafeBufferPointer { b in
                while position < end {
                    if b[position] == 0x0A { found = true; break }
                    position += 1
                }
                out.append(contentsOf: UnsafeBufferPointer(rebasing: b[start ..< position]))
            }
            if found {
                position += 1
                line += 1
                break
            }
        }
        if out.last == 0x0D { out.removeLast() }
        return any
    }

    /// Skips spaces, tabs and line breaks.
    func skipWhitespace() {
        while let byte = peek(), byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { _ = next() }
    }
}

extension UInt8 {
    /// Space, tab, CR or LF.
    var isJSONWhitespace: Bool { self == 0x20 || self == 0x09 || self == 0x0A || self == 0x0D }
}
