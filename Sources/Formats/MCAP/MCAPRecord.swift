/// The record types of MCAP (https://mcap.dev/spec), by opcode, and the byte encoding every record shares:
/// `opcode (uint8) · content length (uint64) · content`, little endian throughout.
package enum MCAPOpcode: UInt8, Sendable, Hashable, CaseIterable {
    /// Header: profile and library.
    case header = 0x01
    /// Footer: where the summary and summary offset sections start, and the summary's CRC.
    case footer = 0x02
    /// Schema: a message type's definition.
    case schema = 0x03
    /// Channel: a topic, its schema and message encoding.
    case channel = 0x04
    /// Message: one timestamped message on a channel.
    case message = 0x05
    /// Chunk: a run of records (messages), with their CRC.
    case chunk = 0x06
    /// Message index: each message's time and offset in the chunk before it, for one channel.
    case messageIndex = 0x07
    /// Chunk index: where a chunk and its message indexes are, in the summary.
    case chunkIndex = 0x08
    /// Statistics: counts and time range, in the summary.
    case statistics = 0x0B
    /// Summary offset: where each group of records in the summary starts.
    case summaryOffset = 0x0E
    /// Data end: ends the data section, with its CRC.
    case dataEnd = 0x0F
}

/// Little-endian MCAP field encoding (the primitives, strings, byte arrays and maps of the specification).
package struct MCAPBytes: Sendable, Hashable {
    /// The magic that starts and ends a file: `0x89 M C A P 0x30 \r \n` (major version `0`).
    package static let magic: [UInt8] = [0x89, 0x4D, 0x43, 0x41, 0x50, 0x30, 0x0D, 0x0A]

    /// The bytes so far.
    package var bytes: [UInt8] = []

    /// Empty.
    package init() {}

    /// Appends a `uint8`.
    package mutating func u8(_ v: UInt8) { bytes.append(v) }
    /// Appends a `uint16`, little endian.
    package mutating func u16(_ v: UInt16) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    /// Appends a `uint32`, little endian.
    package mutating func u32(_ v: UInt32) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    /// Appends a `uint64`, little endian.
    package mutating func u64(_ v: UInt64) { withUnsafeBytes(of: v.littleEndian) { bytes.append(contentsOf: $0) } }
    /// Appends a `String`: `uint32` byte length, then UTF-8 (no NUL).
    package mutating func string(_ s: String) {
        let utf8 = Array(s.utf8)
        u32(UInt32(utf8.count))
        bytes += utf8
    }
    /// Appends a `Bytes` field with a `uint32` length prefix.
    package mutating func bytes32(_ b: [UInt8]) {
        u32(UInt32(b.count))
        bytes += b
    }
    /// Appends a `Map<String, String>`: `uint32` byte length of the entries, then key, value, … (sorted by key).
    package mutating func stringMap(_ map: [String: String]) {
        var entries = MCAPBytes()
        for key in map.keys.sorted() {
            entries.string(key)
            entries.string(map[key]!)
        }
        bytes32(entries.bytes)
    }

    /// One record: `opcode`, the content's length as `uint64`, the content.
    /// - Parameters:
    ///   - opcode: The record type.
    ///   - content: The record's fields, encoded.
    /// - Returns: The record's bytes (9 + `content.count`).
    package static func record(_ opcode: MCAPOpcode, _ content: MCAPBytes) -> [UInt8] {
        var out = MCAPBytes()
        out.bytes.reserveCapacity(9 + content.bytes.count)
        out.u8(opcode.rawValue)
        out.u64(UInt64(content.bytes.count))
        out.bytes += content.bytes
        return out.bytes
    }
}
