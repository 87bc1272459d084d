/// CRC-32 as zlib, PNG and MCAP compute it (IEEE 802.3: polynomial 0x04C11DB7 reflected, 0xEDB88320;
/// initial value and final XOR 0xFFFFFFFF), table-driven, one byte at a time.
///
/// ```swift
/// var crc = CRC32()
/// crc.update(Array("123456789".utf8))
/// crc.value    // 0xCBF43926, the check value of the standard
/// ```
/// Incremental: updating with `a` then `b` gives the CRC of `a + b`. Cost: one table lookup per byte.
package struct CRC32: Sendable, Hashable {
    /// The 256 remainders of the reflected polynomial, one per byte value.
    static let table: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// The running register (inverted).
    private var state: UInt32 = 0xFFFF_FFFF

    /// An empty CRC (the CRC of no bytes is 0).
    package init() {}

    /// Adds bytes.
    /// - Parameter bytes: The next bytes of the message.
    package mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var c = state
        Self.table.withUnsafeBufferPointer { table in
            for byte in bytes { c = table[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        }
        state = c
    }

    /// The CRC of every byte added so far.
    package var value: UInt32 { state ^ 0xFFFF_FFFF }

    /// The CRC of `bytes`.
    /// - Parameter bytes: The whole message.
    /// - Returns: Its CRC-32.
    package static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
