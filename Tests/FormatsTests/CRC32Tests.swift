import Testing

@testable import Formats

@Suite struct CRC32Tests {
    @Test("the standard check value: CRC-32 of \"123456789\" is 0xCBF43926")
    func checkValue() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    }

    @Test("known vectors: empty, one byte, a sentence (zlib's crc32)")
    func vectors() {
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(CRC32.checksum([0x61]) == 0xE8B7_BE43)  // "a"
        #expect(CRC32.checksum(Array("The quick brown fox jumps over the lazy dog".utf8)) == 0x414F_A339)
    }

    @Test("incremental updates give the CRC of the concatenation, at every split", arguments: [0, 1, 4, 8, 9])
    func incremental(split: Int) {
        let bytes = Array("123456789".utf8)
        var crc = CRC32()
        crc.update(bytes[..<split])
        crc.update(bytes[split...])
        #expect(crc.value == 0xCBF4_3926)
    }

    @Test("failing case: one flipped bit changes the CRC")
    func flippedBit() {
        var bytes = Array("123456789".utf8)
        bytes[4] ^= 0x01
        #expect(CRC32.checksum(bytes) != 0xCBF4_3926)
    }
}
