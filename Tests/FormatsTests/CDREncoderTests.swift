import Testing

@testable import Formats

@Suite struct CDREncoderTests {
    @Test("the encapsulation header: CDR little endian, 00 01 00 00")
    func header() {
        #expect(CDREncoder().bytes == [0x00, 0x01, 0x00, 0x00])
    }

    @Test("primitives align to their size relative to the payload after the 4-byte header")
    func alignment() {
        var cdr = CDREncoder()
        cdr.write(UInt8(0xAA))  // payload offset 0
        cdr.write(UInt16(0x0102))  // 1 byte of padding, offset 2
        cdr.write(UInt8(0xBB))  // offset 4
        cdr.write(UInt32(0x0304_0506))  // 3 bytes of padding, offset 8
        cdr.write(Double(1))  // offset 12 → 4 bytes of padding, offset 16
        #expect(
            cdr.bytes == [
                0, 1, 0, 0,
                0xAA, 0, 0x02, 0x01, 0xBB, 0, 0, 0, 0x06, 0x05, 0x04, 0x03,
                0, 0, 0, 0,
                // float64 1.0:
                0, 0, 0, 0, 0, 0, 0xF0, 0x3F,
            ])
    }

    @Test("failing case: a float64 after one byte takes 7 bytes of padding (payload-relative), not 3 (buffer-relative)")
    func alignmentIsPayloadRelative() {
        var cdr = CDREncoder()
        cdr.write(UInt8(1))
        cdr.write(2.0)
        #expect(cdr.bytes.count == 4 + 8 + 8)
        // Aligning to the start of the buffer (a common bug) would give 4 + 1 + 3 + 8 = 16 bytes.
        let bufferRelative: [UInt8] =
            [0, 1, 0, 0, 1, 0, 0, 0] + withUnsafeBytes(of: 2.0.bitPattern.littleEndian, Array.init)
        #expect(cdr.bytes != bufferRelative)
    }

    @Test("a string is its uint32 length counting the NUL, the UTF-8 bytes and the NUL", arguments: ["", "imu", "µT"])
    func string(text: String) {
        var cdr = CDREncoder()
        cdr.write(text)
        let utf8 = Array(text.utf8)
        let n = UInt32(utf8.count + 1)
        #expect(cdr.bytes == [0, 1, 0, 0] + withUnsafeBytes(of: n.littleEndian, Array.init) + utf8 + [0])
    }

    @Test("failing case: a string's length without its NUL is not what a ROS 2 reader expects")
    func stringLengthCountsTheNUL() {
        var cdr = CDREncoder()
        cdr.write("map")
        #expect(cdr.bytes[4] == 4)
        #expect(cdr.bytes[4] != 3)
    }
}
