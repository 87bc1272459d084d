/// Serialises a ROS 2 message as OMG CDR, little endian (`CDR_LE`), the `cdr` message encoding of MCAP's
/// `ros2` profile.
///
/// The bytes start with the 4-byte encapsulation header `00 01 00 00`. Every primitive after it is aligned
/// to its own size (1, 2, 4 or 8 bytes) relative to the end of that header (offset 4 of the buffer), with
/// zero padding. A string is a `uint32` length that counts the terminating NUL, the UTF-8 bytes, then the
/// NUL. A fixed-size array (`float64[9]`) is its elements alone, no length.
///
/// ```swift
/// var cdr = CDREncoder()
/// cdr.write(Int32(5))            // builtin_interfaces/Time sec
/// cdr.write(UInt32(0))           // nanosec
/// cdr.write("imu_link")         // uint32 9, "imu_link", NUL
/// cdr.write(1.5)                 // 3 bytes of padding first: float64 aligns to 8
/// cdr.bytes.count               // 4 + 4 + 4 + 4 + 9 + 3 + 8 = 36
/// ```
package struct CDREncoder: Sendable, Hashable {
    /// The encapsulation header of little-endian plain CDR: representation identifier `0x0001`, options 0.
    package static let littleEndianHeader: [UInt8] = [0x00, 0x01, 0x00, 0x00]

    /// The message so far, encapsulation header included.
    package private(set) var bytes: [UInt8]

    /// An encoder holding only the encapsulation header.
    /// - Parameter capacity: Bytes to reserve (the message's expected size).
    package init(capacity: Int = 256) {
        bytes = Self.littleEndianHeader
        bytes.reserveCapacity(capacity)
    }

    /// Pads with zeros until the offset after the encapsulation header is a multiple of `size`.
    /// - Parameter size: 1, 2, 4 or 8 (bytes).
    package mutating func align(_ size: Int) {
        let offset = bytes.count - Self.littleEndianHeader.count
        let padding = (size - offset % size) % size
        if padding > 0 { bytes.append(contentsOf: repeatElement(0, count: padding)) }
    }

    /// Appends a fixed-width integer, aligned to its size, little endian.
    private mutating func appendInteger<T: FixedWidthInteger>(_ value: T) {
        align(MemoryLayout<T>.size)
        withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
    }

    /// Appends a `uint8` (or `byte`, `char`).
    package mutating func write(_ value: UInt8) { bytes.append(value) }
    /// Appends an `int8`.
    package mutating func write(_ value: Int8) { bytes.append(UInt8(bitPattern: value)) }
    /// Appends a `uint16`, aligned to 2.
    package mutating func write(_ value: UInt16) { appendInteger(value) }
    /// Appends an `int32`, aligned to 4.
    package mutating func write(_ value: Int32) { appendInteger(value) }
    /// Appends a `uint32`, aligned to 4.
    package mutating func write(_ value: UInt32) { appendInteger(value) }
    /// Appends a `uint64`, aligned to 8.
    package mutating func write(_ value: UInt64) { appendInteger(value) }
    /// Appends a `float64` (IEEE 754 binary64), aligned to 8.
    package mutating func write(_ value: Double) { appendInteger(value.bitPattern) }

    /// Appends a `string`: `uint32` byte count including the NUL, the UTF-8 bytes, a NUL.
    /// - Parameter value: Text without NUL characters (`precondition`: a NUL would end it early for a reader).
    package mutating func write(_ value: String) {
        let utf8 = Array(value.utf8)
        precondition(!utf8.contains(0), "a CDR string cannot hold NUL")
        write(UInt32(utf8.count + 1))
        bytes.append(contentsOf: utf8)
        bytes.append(0)
    }

    /// Appends a fixed-size `float64[N]` array: the elements only, the first aligned to 8.
    /// - Parameters:
    ///   - values: The elements.
    ///   - count: `N`, the array size of the message definition (`precondition`: `values.count == count`).
    package mutating func write(_ values: [Double], count: Int) {
        precondition(values.count == count, "a float64[\(count)] needs \(count) values, got \(values.count)")
        for v in values { write(v) }
    }

    /// Appends a vector of `float64` fields in lane order (`geometry_msgs/Vector3` as `x, y, z`,
    /// `geometry_msgs/Quaternion` as `x, y, z, w`), the first aligned to 8.
    /// - Parameter vector: The fields.
    package mutating func write<V: SIMD>(_ vector: V) where V.Scalar == Double {
        for i in vector.indices { write(vector[i]) }
    }
}
